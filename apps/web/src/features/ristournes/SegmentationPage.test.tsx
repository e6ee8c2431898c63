import { hrefFor, type SegmentationFigures, type SegmentationSummary, type SegmentedClient } from '@app/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, request } from '../../lib/api';
import SegmentationPage from './SegmentationPage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof import('../../lib/api')>()),
  api: { get: vi.fn(), download: vi.fn() },
  request: vi.fn(),
}));

const SUMMARY: SegmentationSummary = {
  min: '3000',
  max: '6000',
  total: 3,
  byActivity: [
    { ACTIVITE_ID: 1, ACTIVITE_NAME: 'Épicerie', COUNT: 2 },
    { ACTIVITE_ID: null, ACTIVITE_NAME: null, COUNT: 1 },
  ],
};
const CLIENTS: SegmentedClient[] = [{ id: 9, CODE_CLIENT: 'C-009', NAME: 'Épicerie Amal', ACTIVITE_ID: 1, ACTIVITE_NAME: 'Épicerie', CA_N_1: '4500.500' }];

const figures = (min: number, max: number): SegmentationFigures => ({
  YEAR: 2025,
  min: String(min),
  max: String(max),
  CLIENTS: max > 5000 ? 12 : 4,
  TURNOVER: max > 5000 ? '54321.125' : '16000.000',
});
const figureCalls = () => vi.mocked(api.get).mock.calls.filter(([path]) => path === 'ristournes/segmentation/figures');
const otherCalls = () => vi.mocked(api.get).mock.calls.filter(([path]) => path !== 'ristournes/segmentation/figures');

let root: Root;
let router: ReturnType<typeof createMemoryRouter>;
const tick = () => act(async () => new Promise((r) => setTimeout(r, 0)));
const text = () => document.body.textContent ?? '';

async function render(url: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  router = createMemoryRouter([{ path: hrefFor('segmentation'), element: <SegmentationPage /> }], { initialEntries: [url] });
  act(() =>
    root.render(
      <QueryClientProvider client={qc}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  await tick();
}

beforeEach(() => {
  vi.mocked(api.get)
    .mockReset()
    .mockImplementation(async (path: string, query?: unknown) => {
      const q = query as { min: number; max: number };
      // The clients list's saved views (loaded on demand): this user has none.
      if (path === 'views') return [] as never;
      return (path === 'ristournes/segmentation/figures' ? figures(q.min, q.max) : SUMMARY) as never;
    });
  vi.mocked(request)
    .mockReset()
    .mockResolvedValue({ data: CLIENTS, meta: { total: 1, last_page: 1, current_page: 1, per_page: 50 } });
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
});

describe('segmentation screen', () => {
  it('starts on 3,000–6,000 DT and asks only the live figures before « Modifier »', async () => {
    await render(hrefFor('segmentation'));
    expect(document.querySelector('.seg-range')?.textContent).toBe('3\u00a0000,000 DT – 6\u00a0000,000 DT');
    const handles = [...document.querySelectorAll('.p-slider-handle')];
    expect(handles.map((h) => [h.getAttribute('aria-label'), h.getAttribute('aria-valuenow')])).toEqual([
      ['CA N-1 minimum', '3000'],
      ['CA N-1 maximum', '6000'],
    ]);
    expect(otherCalls()).toEqual([]);
    expect(request).not.toHaveBeenCalled();
    expect(figureCalls()).toEqual([['ristournes/segmentation/figures', { min: 3000, max: 6000 }, { quiet: true }]]);
    await tick();
    expect(document.querySelector('.seg-live')?.textContent).toBe(
      '12 clients · 54\u00a0321,125 DT de chiffre d’affaires (commandes validées ou facturées de 2025)',
    );
    expect(document.querySelector('.seg-total')).toBeNull();
  });

  it('« Modifier » shows the count by activity and the clients of the range, paged by the server', async () => {
    await render(hrefFor('segmentation'));
    const modifier = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Modifier')!;
    await act(async () => modifier.click());
    await tick();
    expect(router.state.location.search).toBe('?min=3000&max=6000');
    expect(api.get).toHaveBeenCalledWith('ristournes/segmentation', { min: 3000, max: 6000 });
    expect(document.querySelector('.seg-total')?.textContent).toBe('3 clients avec un CA N-1 entre 3\u00a0000,000 DT – 6\u00a0000,000 DT');
    const activities = [...document.querySelectorAll('.seg-activities tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(activities).toEqual([
      ['Épicerie', '2'],
      ['Sans activité', '1'],
    ]);
    expect(request).toHaveBeenCalledWith(
      'ristournes/segmentation/clients',
      expect.objectContaining({ query: expect.objectContaining({ min: 3000, max: 6000, page: 1, perPage: 50 }) }),
    );
    expect(text()).toContain('C-009');
    expect(text()).toContain('4\u00a0500,500 DT');
  });

  it('follows the slider live: one call after the handles pause, not one per step', async () => {
    await render(hrefFor('segmentation'));
    const max = document.querySelectorAll<HTMLElement>('.p-slider-handle')[1];
    for (let i = 0; i < 15; i++) act(() => max.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', code: 'ArrowLeft', bubbles: true })));
    expect(document.querySelector('.seg-range')?.textContent).toBe('3\u00a0000,000 DT – 4\u00a0500,000 DT');
    expect(figureCalls()).toHaveLength(1);
    expect(document.querySelector('.seg-live')?.getAttribute('aria-busy')).toBe('true');
    await act(async () => new Promise((r) => setTimeout(r, 400)));
    await tick();
    expect(figureCalls()).toEqual([
      ['ristournes/segmentation/figures', { min: 3000, max: 6000 }, { quiet: true }],
      ['ristournes/segmentation/figures', { min: 3000, max: 4500 }, { quiet: true }],
    ]);
    expect(document.querySelector('.seg-live')?.textContent).toContain('4 clients · 16\u00a0000,000 DT');
    expect(document.querySelector('.seg-live')?.getAttribute('aria-busy')).toBe('false');
  });

  it('reopens on the range of the URL', async () => {
    await render(hrefFor('segmentation', {}, { min: 1000, max: 2500 }));
    expect(document.querySelector('.seg-range')?.textContent).toBe('1\u00a0000,000 DT – 2\u00a0500,000 DT');
    expect(api.get).toHaveBeenCalledWith('ristournes/segmentation', { min: 1000, max: 2500 });
  });
});
