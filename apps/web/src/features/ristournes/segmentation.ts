import { formatInteger, formatMoney, SEGMENTATION_MAX, SEGMENTATION_MIN } from '@app/domain';
import { paramName } from '../../components/data-table/list-state';

/** A turnover range in dinars, [min, max]. */
export type Range = readonly [number, number];

/** Slider step in dinars: the keyboard moves a bound by 100 DT (PageUp/PageDown by 1,000). */
export const SEGMENTATION_STEP = 100;
/** URL prefix of the clients list's own paging parameters. */
export const CLIENTS_STATE_KEY = 'clients';

const clamp = (n: number) => Math.min(SEGMENTATION_MAX, Math.max(SEGMENTATION_MIN, n));

/** The two handles may cross while dragging: the range they mean is the same in either order. */
export const ordered = ([a, b]: Range): Range => (a <= b ? [a, b] : [b, a]);

/**
 * The range last applied with « Modifier », kept in the URL (`min`, `max`) so a reload or a shared
 * link shows the same result; null before the first one. The URL is user input: bounds are clamped
 * to the slider's and put in order.
 */
export function readRange(params: URLSearchParams): Range | null {
  const raw = [params.get('min'), params.get('max')];
  if (raw.some((v) => v == null || !/^\d+(\.\d{1,3})?$/.test(v))) return null;
  return ordered([clamp(Number(raw[0])), clamp(Number(raw[1]))]);
}

/** The URL after « Modifier »: the range in order, the clients list back on its first page. */
export function writeRange(params: URLSearchParams, range: Range): URLSearchParams {
  const [min, max] = ordered(range);
  const next = new URLSearchParams(params);
  next.set('min', String(min));
  next.set('max', String(max));
  next.delete(paramName('page', CLIENTS_STATE_KEY));
  return next;
}

/** How far each key moves a bound, in dinars (Home and End go to the ends of the scale). */
const KEY_STEPS: Record<string, number> = {
  ArrowRight: SEGMENTATION_STEP,
  ArrowUp: SEGMENTATION_STEP,
  ArrowLeft: -SEGMENTATION_STEP,
  ArrowDown: -SEGMENTATION_STEP,
  PageUp: 10 * SEGMENTATION_STEP,
  PageDown: -10 * SEGMENTATION_STEP,
  Home: -Infinity,
  End: Infinity,
};

/**
 * The range after `key` on handle `index`, or null for a key the slider does not take. PrimeReact's
 * range slider computes Home from the whole value (an array: NaN) and lets a bound pass the other; here
 * a bound moves within the scale and stops at the other bound, so both stay numbers and in order.
 */
export function keyedRange(range: Range, index: 0 | 1, key: string): Range | null {
  const step = KEY_STEPS[key];
  if (step === undefined) return null;
  const [low, high] = ordered(range);
  // The handles may have crossed while dragged: the handle pressed is the bound it stands for.
  const bound = range[0] === range[1] ? index : range[index] < range[1 - index] ? 0 : 1;
  const moved = clamp(Math.round(((bound === 0 ? low : high) + step) / SEGMENTATION_STEP) * SEGMENTATION_STEP);
  return bound === 0 ? [Math.min(moved, high), high] : [low, Math.max(moved, low)];
}

/** Name of slider handle `i`: the handles may cross, so the lower one is the minimum whichever it is. */
export const handleLabel = (range: Range, i: number) => {
  const other = range[1 - i];
  return range[i] < other || (range[i] === other && i === 0) ? 'CA N-1 minimum' : 'CA N-1 maximum';
};

export const rangeText = (range: Range) => {
  const [min, max] = ordered(range);
  return `${formatMoney(min)} – ${formatMoney(max)}`;
};

/** "1 client", "0 client", "12 clients" (French: plural from 2). */
export const clientCount = (n: number) => `${formatInteger(n)} client${n >= 2 ? 's' : ''}`;
