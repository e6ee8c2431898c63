import type { Toast, ToastMessage } from 'primereact/toast';

/**
 * The one toast outlet (mounted by the root shell). Identical toasts (same severity, summary and
 * detail) are dropped while one is on screen, so ten failing calls give one message.
 */
type Severity = 'success' | 'info' | 'warn' | 'error';

let outlet: Toast | null = null;
const shown = new Map<string, ReturnType<typeof setTimeout>>();

const keyOf = (m: ToastMessage) => `${m.severity}|${String(m.summary ?? '')}|${String(m.detail ?? '')}`;

export function bindToast(toast: Toast | null): void {
  outlet = toast;
}

/** Called by the Toast's onRemove: the message left the screen, an identical one may show again. */
export function forgetToast(message: ToastMessage): void {
  const key = keyOf(message);
  clearTimeout(shown.get(key));
  shown.delete(key);
}

export function showToast(message: ToastMessage): void {
  const key = keyOf(message);
  if (shown.has(key)) return;
  // Safety net in case onRemove is not called (outlet unmounted): forget a little after its life.
  shown.set(
    key,
    setTimeout(() => shown.delete(key), (message.life ?? 6000) + 1000),
  );
  outlet?.show(message);
}

function make(severity: Severity, defaultLife: number) {
  return (summary: string, detail?: string, life = defaultLife) => showToast({ severity, summary, detail, life });
}

/** Helpers every screen uses. Lifetimes: success 6 s, failures 8 s. */
export const notify = {
  success: make('success', 6000),
  info: make('info', 6000),
  warn: make('warn', 8000),
  error: make('error', 8000),
};

/** Takes a message off the screen (a sticky one whose work ended: the export progress). */
export function hideToast(message: ToastMessage): void {
  outlet?.remove(message);
}
