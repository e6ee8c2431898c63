import type { LedgerReport, Liability } from '@app/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import LedgerPage from './LedgerPage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof import('../../lib/api')>()),
  api: { get: vi.fn(), download: vi.fn() },
}));

const ok = (KEY: string, LABEL: string) => ({ KEY, LABEL, OK: true, COUNT: 0, PENDING: 0, OFFENDERS: [] });
/** A ledger with one bad balance (23 clients, two listed) and an expired lot waiting for the daily run. */
const REPORT = {
  OK: false,
  CHECKED_AT: '2026-11-27T00:30:00.000Z',
  CHECKS: [
    {
      KEY: 'balance',
      LABEL: 'Solde = somme des mouvements du registre',
      OK: false,
      COUNT: 23,
      PENDING: 0,
      OFFENDERS: [
        { CLIENT: 'C-001', NAME: 'Épicerie Amal', EXPECTED: 1500, FOUND: 1495, DETAIL: null },
        { CLIENT: 'C-002', NAME: 'Café Zitouna', EXPECTED: 20, FOUND: 0, DETAIL: null },
      ],
    },
    ok('lot_remaining', 'Reste de chaque lot = montant − consommations'),
    { ...ok('expired_open', 'Aucun lot expiré encore ouvert'), PENDING: 3 },
  ],
} as LedgerReport;
const row = (KEY: string | null, LABEL: string, POINTS: number) => ({ KEY, LABEL, CLIENTS: 1, POINTS, MILLIMES: POINTS * 15 });
const LIABILITY: Liability = {
  POINT_VALUE: 15,
  TOTAL: { CLIENTS: 2, POINTS: 1234567, MILLIMES: 1234567 * 15 },
  GROUPS: {
    chef_zone: [row('4', 'Karim Trabelsi', 1234567)],
    badge: [],
    activity: [],
    expiry_month: [row('2027-01', '01/2027', 67), row(null, 'Sans expiration', 1234500)],
  },
};

let root: Root;
const tick = () => act(async () => new Promise((r) => setTimeout(r, 0)));
const text = () => (document.body.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeEach(async () => {
  vi.mocked(api.get)
    .mockReset()
    .mockImplementation(async (path: string) => (path === 'ledger/verify' ? REPORT : LIABILITY) as never);
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    root.render(
      <QueryClientProvider client={qc}>
        <LedgerPage />
      </QueryClientProvider>,
    ),
  );
  // Both calls answered and drawn: the verdict and the liability's total (a busy machine needs more than a tick).
  await vi.waitFor(
    async () => {
      await tick();
      expect(text()).toContain('contrôlé le');
      expect(document.querySelector('[data-testid="liability-total"]')).not.toBeNull();
    },
    { timeout: 10_000, interval: 20 },
  );
});
afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
});

describe('Contrôle du registre', () => {
  it('says the ledger fails, counts each failing invariant and lists its first offenders on demand', async () => {
    expect(text()).toContain('Registre incohérent : au moins un invariant est en échec.');
    expect(text()).toContain('contrôlé le 27/11/2026 à 01:30');
    const rows = [...document.querySelectorAll('[aria-label="Invariants du registre"] tbody tr')];
    expect(rows.map((r) => r.textContent)).toEqual([
      'Solde = somme des mouvements du registre23 anomalie(s)',
      'Reste de chaque lot = montant − consommationsOK',
      'Aucun lot expiré encore ouvertOK3 lot(s) en attente du passage quotidien',
    ]);
    // Only a failing invariant opens; its offenders: client, expected, found; and how many more.
    expect(rows[1].querySelector('.p-row-toggler')).toBeNull();
    await act(async () => (rows[0].querySelector('.p-row-toggler') as HTMLButtonElement).click());
    const offenders = [...document.querySelectorAll('[aria-label="Anomalies : Solde = somme des mouvements du registre"] tbody tr')];
    expect(offenders.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['C-001 — Épicerie Amal', '1\u00a0500', '1\u00a0495', ''],
      ['C-002 — Café Zitouna', '20', '0', ''],
    ]);
    expect(text()).toContain('… et 21 autre(s).');
  });

  it('shows the liability in points and DT, by the chosen grouping', async () => {
    const total = document.querySelector('[data-testid="liability-total"]')?.textContent;
    expect(total).toBe('Points en cours1\u00a0234\u00a0567Équivalent18\u00a0518,505 DTClients concernés2Valeur du point0,015 DT');
    const months = [...document.querySelectorAll('.ledger-groups [role="button"], .ledger-groups button')].find(
      (b) => b.textContent === 'Par mois d’expiration',
    ) as HTMLElement;
    await act(async () => months.click());
    const rows = [...document.querySelectorAll('[aria-label="Par mois d’expiration"] tbody tr')];
    expect(rows.map((r) => r.textContent)).toEqual(['01/20271671,005 DT', 'Sans expiration11\u00a0234\u00a050018\u00a0517,500 DT']);
  });
});
