import { z } from 'zod';
import { decimal3, flag01, integer, minExceedsMax, percent, refId, requiredText, wholeNumber } from './fields';
import { formatMoney } from './format';
import { listQuery } from './list';
import { MSG } from './messages';

/** Rebate tiers and the yearly rebate vouchers. */

export const RISTOURNE_MSG = {
  yearRange: 'Année entre 1000 et 9999.',
  overlap: (name: string, min: string, max: string) =>
    `Ce palier chevauche le palier actif « ${name} » (${min} – ${max} DT) de la même année et de la même activité.`,
  generationYear: "L'année saisie est invalide.",
  previousYearMissing: "Il faut générer les vouchers de l'année dernière ",
  generated: 'Les vouchers ont été générés avec succès.',
  alreadyGenerated: (year: number) => `Les vouchers de ${year} ont déjà été générés : aucun nouveau voucher.`,
  running: (year: number) => `La génération des vouchers de ${year} est déjà en cours.`,
  activityUnknown: 'Activité introuvable.',
  noActivity: 'Sans activité',
} as const;

/** Bounds of the generation year and of a tier's year. */
export const GENERATION_YEAR_MIN = 2000;
export const GENERATION_YEAR_MAX = 2100;
/** The segmentation slider. */
export const SEGMENTATION_MIN = 0;
export const SEGMENTATION_MAX = 10_000;
export const SEGMENTATION_DEFAULT: readonly [number, number] = [3000, 6000];
/** Rows per page of the tiers list and of the segmented clients. */
export const RISTOURNES_PAGE_SIZE = 50;
export const SEGMENTATION_PAGE_SIZE = 50;

const tierFields = z.object({
  NUM_RISTOURNE: wholeNumber(),
  NAME: requiredText(100),
  YEAR: wholeNumber().refine((y) => y >= 1000 && y <= 9999, { error: RISTOURNE_MSG.yearRange }),
  VAL_MIN: decimal3(),
  VAL_MAX: decimal3(),
  PERCENTAGE: percent(),
  REMISE: percent(),
  ACTIVITE: refId(false),
  IS_ACTIVE: flag01().default(1),
});
const tierRange = (v: { VAL_MIN?: string; VAL_MAX?: string }, ctx: z.RefinementCtx) => {
  if (minExceedsMax(v.VAL_MIN, v.VAL_MAX)) ctx.addIssue({ code: 'custom', message: MSG.minGreaterThanMax, path: ['VAL_MAX'] });
};
export const ristourneBody = tierFields.superRefine(tierRange);
// A partial update must not fill IS_ACTIVE with its default: editing a bound would re-activate a tier.
export const ristourneUpdateBody = tierFields.partial().extend({ IS_ACTIVE: flag01().optional() }).superRefine(tierRange);
export type RistourneBody = z.input<typeof ristourneBody>;

export const generationYear = () =>
  integer({ min: GENERATION_YEAR_MIN, max: GENERATION_YEAR_MAX, invalid: RISTOURNE_MSG.generationYear, empty: RISTOURNE_MSG.generationYear });

export interface TierRange {
  id?: number;
  name: string;
  valMin: string | number;
  valMax: string | number;
}

/** Dinars without the unit, "1 234,500": the overlap message adds "DT" once after the range. */
const amount = (v: string | number) => formatMoney(v).replace(/\sDT$/, '');

/** The refusal naming the active tier a new or changed one overlaps (same year, same activity). */
export const overlapMessage = (other: TierRange): string => RISTOURNE_MSG.overlap(other.name, amount(other.valMin), amount(other.valMax));

/** Closed ranges [min, max] overlap when each starts before the other ends. */
export function overlappingTier<T extends TierRange>(min: string | number, max: string | number, others: readonly T[], ignoreId?: number): T | undefined {
  return others.find((o) => o.id !== ignoreId && Number(o.valMin) <= Number(max) && Number(min) <= Number(o.valMax));
}

/**
 * The rebate of a turnover at a percentage, in millimes (integer, rounded half up): computed on
 * integers so that 1234.567 DT × 2.5 % is exactly 30.864 DT, never a floating-point neighbour.
 */
export function rebateMillimes(turnover: string | number, percentage: string | number): number {
  const millimes = toThousandths(turnover);
  const pct = toThousandths(percentage); // percent × 1000
  // millimes × pct / 100 / 1000, rounded half up, in BigInt to stay exact on large turnovers.
  const num = BigInt(millimes) * BigInt(pct);
  const den = 100_000n;
  return Number((num * 2n + den) / (2n * den));
}

/** "1234.5" → 1234500 (thousandths), exactly. */
export function toThousandths(value: string | number): number {
  const [int, frac = ''] = String(value).trim().split('.');
  return Number(int) * 1000 + Number(`${frac}000`.slice(0, 3));
}

/** Millimes as dinars text with 3 decimals ("30.864"), as the API sends money. */
export const millimesToDinars = (m: number): string => `${Math.trunc(m / 1000)}.${String(Math.abs(m % 1000)).padStart(3, '0')}`;

export interface Ristourne {
  id: number;
  NUM_RISTOURNE: number;
  NAME: string;
  YEAR: number;
  VAL_MIN: string;
  VAL_MAX: string;
  PERCENTAGE: string;
  REMISE: string;
  ACTIVITE: number | null;
  ACTIVITE_NAME: string | null;
  IS_ACTIVE: number;
}

// ——— Segmentation: clients by previous-year turnover (CA N-1) ———

/** The range [min, max] in dinars (closed, as a tier's); absent bounds take the slider's default. */
const segmentationRange = z.object({
  min: decimal3().default(String(SEGMENTATION_DEFAULT[0])),
  max: decimal3().default(String(SEGMENTATION_DEFAULT[1])),
});
const rangeInOrder = (v: { min: string; max: string }, ctx: z.RefinementCtx) => {
  if (minExceedsMax(v.min, v.max)) ctx.addIssue({ code: 'custom', message: MSG.minGreaterThanMax, path: ['max'] });
};
/** GET ristournes/segmentation?min=&max= */
export const segmentationQuery = segmentationRange.superRefine(rangeInOrder);
/** GET ristournes/segmentation/clients?min=&max=&page=&perPage= (always paged: page 1 by default). */
export const segmentationClientsQuery = segmentationRange
  .extend({ page: listQuery.shape.page.default(1), perPage: listQuery.shape.perPage.default(SEGMENTATION_PAGE_SIZE) })
  .superRefine(rangeInOrder);

export interface SegmentationActivity {
  ACTIVITE_ID: number | null;
  ACTIVITE_NAME: string | null;
  COUNT: number;
}

/** How many clients had a CA N-1 in [min, max], by activity (most clients first). */
export interface SegmentationSummary {
  min: string;
  max: string;
  total: number;
  byActivity: SegmentationActivity[];
}

export interface SegmentedClient {
  id: number;
  CODE_CLIENT: string;
  NAME: string;
  ACTIVITE_ID: number | null;
  ACTIVITE_NAME: string | null;
  /** Dinars as decimal text ("4500.000"), like the tiers' bounds. */
  CA_N_1: string;
}

/**
 * Live figures of the slider: how many clients, and how much turnover, fall in [min, max]
 * by the generation's own turnover definition (orders at status 2 or 4 of `YEAR`, Tunis).
 */
export interface SegmentationFigures {
  YEAR: number;
  min: string;
  max: string;
  CLIENTS: number;
  /** Dinars as decimal text, three decimals. */
  TURNOVER: string;
}
/** GET ristournes/segmentation/figures?min=&max=[&year=] (year: last year in Tunis by default). */
export const segmentationFiguresQuery = segmentationRange.extend({ year: generationYear().optional() }).superRefine(rangeInOrder);

// ——— Simulation of the yearly rebate vouchers: nothing written ———

/** One active tier of the simulated year with its clients, their turnover and their rebate. */
export interface SimulationTier {
  id: number;
  NUM_RISTOURNE: number;
  NAME: string;
  ACTIVITE_NAME: string | null;
  VAL_MIN: string;
  VAL_MAX: string;
  PERCENTAGE: string;
  CLIENTS: number;
  TURNOVER: string;
  TOTAL: string;
}
/**
 * Against the previous year's issued vouchers, by tier number (NUM_RISTOURNE; tiers are per year, so
 * the number is what the two years share). A previous voucher is put under the number of the tier its
 * client falls in for that year by the same computation; null when it no longer falls in any.
 */
export interface SimulationDiff {
  NUM_RISTOURNE: number | null;
  VOUCHERS: number;
  TOTAL: string;
  PREV_VOUCHERS: number;
  PREV_TOTAL: string;
}
export interface RebateSimulation {
  YEAR: number;
  /** The year was already generated: launching issues nothing more. */
  ALREADY: boolean;
  /** Why launching would be refused now (the previous year is missing), or null. */
  REFUSAL: string | null;
  VOUCHERS: number;
  TURNOVER: string;
  TOTAL: string;
  PREV_YEAR: number;
  PREV_VOUCHERS: number;
  PREV_TOTAL: string;
  tiers: SimulationTier[];
  byNumber: SimulationDiff[];
}
/** One simulated voucher: a client, its turnover, its tier, the percentage and the amount. */
export interface SimulatedVoucher {
  id: number;
  CODE_CLIENT: string;
  NAME: string;
  ACTIVITE_NAME: string | null;
  TURNOVER: string;
  NUM_RISTOURNE: number;
  TIER: string;
  PERCENTAGE: string;
  AMOUNT: string;
}
export const SIMULATION_SORTABLE = ['CODE_CLIENT', 'NAME', 'TURNOVER', 'TIER', 'PERCENTAGE', 'AMOUNT'] as const;
export const SIMULATION_LABELS = {
  CODE_CLIENT: 'Code client',
  NAME: 'Client',
  ACTIVITE_NAME: 'Activité',
  TURNOVER: "Chiffre d'affaires",
  TIER: 'Palier',
  PERCENTAGE: 'Pourcentage',
  AMOUNT: 'Montant',
} as const;
/** GET ristournes/simulation/{year}/clients?page=&perPage=&search=&sort=&order= (highest amount first by default). */
export const simulationClientsQuery = z.object({
  page: listQuery.shape.page.default(1),
  perPage: listQuery.shape.perPage.default(RISTOURNES_PAGE_SIZE),
  search: listQuery.shape.search,
  sort: z.enum(SIMULATION_SORTABLE).default('AMOUNT'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export const simulationExportQuery = simulationClientsQuery.pick({ search: true, sort: true, order: true });
