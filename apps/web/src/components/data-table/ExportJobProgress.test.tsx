import { EXPORT_JOB_MSG } from '@app/domain';
import type { ReactNode } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../lib/api';
import { hideToast, notify, showToast } from '../../lib/toast';
import { startExportJob } from './ExportJobProgress';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof import('../../lib/api')>()),
  api: { get: vi.fn(), delete: vi.fn(), download: vi.fn() },
}));
vi.mock('../../lib/toast', () => ({
  showToast: vi.fn(),
  hideToast: vi.fn(),
  notify: { success: vi.fn(), error: vi.fn(), warn: vi.fn(), info: vi.fn() },
}));

/**
 * The export toast between the start and the end of a job: what a user sees while the server writes
 * (the browser test sees it only when the machine is slow enough for a poll to fall mid-way).
 */
let root: Root;
let host: HTMLElement;
const text = () => host.querySelector('.export-job-text')?.textContent;
const bar = () => host.querySelector('[role="progressbar"]')?.getAttribute('aria-label');

/** Starts a job of 5,200 rows whose polls get `answers` in turn, and renders the toast it shows. */
async function start(answers: { state: string; written: number; error?: string }[]) {
  const get = vi.mocked(api.get);
  get.mockResolvedValueOnce({ id: 'job-1', total: 5200 });
  for (const a of answers) get.mockResolvedValueOnce({ id: 'job-1', format: 'xlsx', fileName: 'clients', total: 5200, error: null, createdAt: '', ...a });
  await startExportJob('export/excel', 'xlsx', { search: 'x' });
  const message = vi.mocked(showToast).mock.calls[0][0] as { content: ReactNode };
  act(() => root.render(message.content));
}
/** The next poll (the first comes after half a poll's time, the others a poll's time apart). */
const nextPoll = () => act(() => vi.advanceTimersByTimeAsync(1000));

beforeEach(() => {
  vi.useFakeTimers();
  vi.clearAllMocks();
  vi.mocked(api.get).mockReset();
  vi.mocked(api.download).mockResolvedValue(undefined);
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.useRealTimers();
});

describe('export job toast', () => {
  it('counts the rows the server has written, over the total, then downloads the file once done', async () => {
    await start([
      { state: 'running', written: 1500 },
      { state: 'running', written: 4000 },
      { state: 'done', written: 5200 },
    ]);
    expect(vi.mocked(api.get).mock.calls[0].slice(0, 2)).toEqual(['export/excel', { search: 'x', job: '1' }]);
    expect(text()).toBe('Export XLSX : 0 / 5\u00a0200 lignes');
    await nextPoll();
    expect(text()).toBe('Export XLSX : 1\u00a0500 / 5\u00a0200 lignes');
    expect(bar()).toBe('Export XLSX : 28 %');
    await nextPoll();
    expect(text()).toBe('Export XLSX : 4\u00a0000 / 5\u00a0200 lignes');
    expect(hideToast).not.toHaveBeenCalled();
    await nextPoll();
    expect(hideToast).toHaveBeenCalledTimes(1);
    expect(api.download).toHaveBeenCalledWith('export-jobs/job-1/file');
    // Ended: no more polls.
    await nextPoll();
    expect(api.get).toHaveBeenCalledTimes(4);
  });

  it("shows the server's refusal of one export too many (429) as a warning, and no progress toast", async () => {
    const refusal = new ApiError(429, EXPORT_JOB_MSG.alreadyRunning);
    vi.mocked(api.get).mockRejectedValueOnce(refusal);
    await expect(startExportJob('export/excel', 'xlsx', {})).rejects.toBe(refusal);
    expect(notify.warn).toHaveBeenCalledWith(EXPORT_JOB_MSG.alreadyRunning);
    expect(notify.error).not.toHaveBeenCalled();
    expect(showToast).not.toHaveBeenCalled();
  });

  it('says why when the job failed, and downloads nothing', async () => {
    await start([{ state: 'failed', written: 500, error: EXPORT_JOB_MSG.failedRetry }]);
    await nextPoll();
    expect(hideToast).toHaveBeenCalledTimes(1);
    expect(notify.error).toHaveBeenCalledWith(EXPORT_JOB_MSG.failedRetry);
    expect(api.download).not.toHaveBeenCalled();
  });
});
