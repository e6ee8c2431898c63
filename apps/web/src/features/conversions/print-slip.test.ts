import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRINT_DELAY_MS, PRINT_MSG, printSlip } from './print-slip';

/** The exit slip's printing: a window, then the print dialog 800 ms later; the spec's alerts otherwise. */
describe('printSlip', () => {
  afterEach(() => vi.useRealTimers());

  it('alerts when the print window cannot open, without loading the slip', async () => {
    const alert = vi.fn();
    const load = vi.fn();
    await printSlip(load, { open: () => null, alert });
    expect(alert).toHaveBeenCalledWith(PRINT_MSG.noWindow);
    expect(load).not.toHaveBeenCalled();
  });

  it('alerts and closes the window when the slip cannot be loaded', async () => {
    const alert = vi.fn();
    const w = { close: vi.fn() };
    await printSlip(() => Promise.reject(new Error('404')), { open: () => w as never, alert });
    expect(w.close).toHaveBeenCalled();
    expect(alert).toHaveBeenCalledWith(PRINT_MSG.noContent);
  });

  it('shows the PDF, then opens the print dialog after 800 ms', async () => {
    vi.useFakeTimers();
    const w = { location: { href: '' }, focus: vi.fn(), print: vi.fn(), close: vi.fn() };
    globalThis.URL.createObjectURL = vi.fn(() => 'blob:slip');
    globalThis.URL.revokeObjectURL = vi.fn();
    await printSlip(async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { open: () => w as never, alert: vi.fn() });
    expect(w.location.href).toBe('blob:slip');
    vi.advanceTimersByTime(PRINT_DELAY_MS - 1);
    expect(w.print).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(w.print).toHaveBeenCalledOnce();
  });
});
