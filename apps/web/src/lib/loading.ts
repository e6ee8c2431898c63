/**
 * Counts API calls in flight for the loading overlay. The overlay appears only when a call lasts
 * longer than SHOW_DELAY, so fast calls do not make the screen flicker.
 */
const SHOW_DELAY = 250;

let pending = 0;
let visible = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setVisible(v: boolean) {
  if (visible === v) return;
  visible = v;
  for (const l of listeners) l();
}

export const loading = {
  start(): void {
    pending += 1;
    if (pending === 1) timer = setTimeout(() => setVisible(true), SHOW_DELAY);
  },
  stop(): void {
    pending = Math.max(0, pending - 1);
    if (pending === 0) {
      clearTimeout(timer);
      setVisible(false);
    }
  },
  isVisible: (): boolean => visible,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
