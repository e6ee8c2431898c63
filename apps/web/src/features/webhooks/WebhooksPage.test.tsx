import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { WEBHOOK_MSG } from '@app/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, request } from '../../lib/api';
import type { Delivery, WebhookEndpoint } from './webhooks.types';
import WebhooksPage from './WebhooksPage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof import('../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  request: vi.fn(),
}));

const base = {
  DESCRIPTION: null,
  ACTIVE: true,
  FAILING_SINCE: null,
  CREATED_AT: '2026-11-01T08:00:00.000Z',
  UPDATED_AT: '2026-11-01T08:00:00.000Z',
  PAUSED_AT: null,
  LAST_DELIVERY: null,
  SECRET_MASKED: 'whsec_…k3Yz',
};
const ENDPOINTS: WebhookEndpoint[] = [
  {
    ...base,
    ID: 1,
    URL: 'https://erp.example.tn/hooks',
    DESCRIPTION: 'ERP',
    EVENTS: ['order.created'],
    STATE: 'active',
    LAST_DELIVERY: { STATUS: 'succeeded', HTTP_STATUS: 200, AT: '2026-11-27T01:05:00.000Z' },
  },
  // Paused at 02:00 UTC = 03:00 in Tunis.
  {
    ...base,
    ID: 2,
    URL: 'https://crm.example.tn/in',
    EVENTS: ['order.created', 'points.changed', 'client.created'],
    STATE: 'paused',
    PAUSED_AT: '2026-11-27T02:00:00.000Z',
    FAILING_SINCE: '2026-11-27T01:00:00.000Z',
  },
];
const EVENTS = [
  { TYPE: 'order.created', LABEL: 'Commande créée' },
  { TYPE: 'points.changed', LABEL: 'Solde de points modifié' },
];
const DELIVERY: Delivery = {
  ID: 9,
  EVENT_ID: '00000000-0000-4000-8000-000000000009',
  EVENT_TYPE: 'order.created',
  ATTEMPT: 2,
  STATUS: 'failed',
  HTTP_STATUS: 503,
  DURATION_MS: 1250,
  RESPONSE_EXCERPT: 'Service Unavailable',
  ERROR: 'Réponse HTTP 503',
  CREATED_AT: '2026-11-27T01:05:00.000Z',
  NEXT_ATTEMPT_AT: '2026-11-27T01:10:00.000Z',
};

let root: Root;
const text = () => (document.body.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
const until = (check: () => void) =>
  vi.waitFor(
    async () => {
      await act(async () => new Promise((r) => setTimeout(r, 0)));
      check();
    },
    { timeout: 10_000, interval: 20 },
  );
const button = (label: string) =>
  [...document.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === label || b.textContent?.trim() === label) as HTMLButtonElement;

beforeEach(async () => {
  vi.mocked(api.get)
    .mockReset()
    .mockImplementation(async (path: string) => (path === 'webhooks/events' ? EVENTS : ENDPOINTS) as never);
  vi.mocked(api.post).mockReset();
  vi.mocked(request)
    .mockReset()
    .mockResolvedValue({ data: [DELIVERY], meta: { total: 1, last_page: 1, current_page: 1, per_page: 20 } } as never);
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The shell's confirmation dialog (Layout.tsx), which the renewal asks through.
  act(() =>
    root.render(
      <QueryClientProvider client={qc}>
        <ConfirmDialog />
        <WebhooksPage />
      </QueryClientProvider>,
    ),
  );
  await until(() => expect(text()).toContain('https://crm.example.tn/in'));
});
afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
});

describe('Paramètres › Webhooks', () => {
  it('lists the endpoints with their events, state (the pause in Tunis time) and last delivery', async () => {
    const rows = [...document.querySelectorAll('[aria-label="Webhooks"] tbody tr')].map((r) => r.textContent?.replace(/[\u00a0\u202f]/g, ' '));
    expect(rows[0]).toContain('https://erp.example.tn/hooksERP');
    expect(rows[0]).toContain('Commande créée');
    expect(rows[0]).toContain('Actif');
    expect(rows[0]).toContain('Réussie20027/11/2026 à 02:05');
    expect(rows[1]).toContain('3 événements');
    expect(rows[1]).toContain('En pause depuis le 27/11/2026 à 03:00 : échecs pendant plus d’une heure');
    expect(rows[1]).toContain('Aucun envoi');
    vi.mocked(api.post).mockResolvedValueOnce({ ...ENDPOINTS[1], STATE: 'active' } as never);
    await act(async () => button('Reprendre').click());
    expect(api.post).toHaveBeenCalledWith('webhooks/2/resume');
  });

  it('shows the server’s field errors on the form, then the secret once after the creation', async () => {
    await act(async () => button('Ajouter').click());
    await until(() => expect(text()).toContain('Solde de points modifié'));
    vi.mocked(api.post).mockRejectedValueOnce(new ApiError(422, 'Données invalides', { URL: ['L’URL doit commencer par https://'] }));
    const footerAdd = [...document.querySelectorAll('.p-dialog-footer button')].find((b) => b.textContent?.includes('Ajouter')) as HTMLButtonElement;
    await act(async () => footerAdd.click());
    await until(() => expect(text()).toContain('L’URL doit commencer par https://'));
    vi.mocked(api.post).mockResolvedValueOnce({ ...ENDPOINTS[0], ID: 3, SECRET: 'whsec_abc123', SECRET_MASKED: 'whsec_…c123' } as never);
    await act(async () => footerAdd.click());
    await until(() => expect(document.querySelector('[data-testid="webhook-secret"]')?.textContent).toBe('whsec_abc123'));
    expect(text()).toContain('Copiez ce secret maintenant : il ne sera plus affiché.');
    // Once the dialog is closed, the whole secret is nowhere on the screen.
    await act(async () => button('J’ai noté le secret').click());
    await until(() => expect(document.querySelector('[data-testid="webhook-secret"]')).toBeNull());
    expect(text()).not.toContain('whsec_abc123');
  });

  it('shows each endpoint’s secret masked, and the whole new one once after a renewal', async () => {
    expect([...document.querySelectorAll('[data-testid="webhook-secret-masked"]')].map((c) => c.textContent)).toEqual(['whsec_…k3Yz', 'whsec_…k3Yz']);
    expect(document.querySelector('[data-testid="webhook-secret"]')).toBeNull();
    vi.mocked(api.post).mockResolvedValueOnce({ ...ENDPOINTS[0], SECRET: 'whsec_renouvele9Qw', SECRET_MASKED: 'whsec_…e9Qw' } as never);
    await act(async () =>
      [...document.querySelectorAll('button[aria-label="Renouveler le secret"]')][0].dispatchEvent(new MouseEvent('click', { bubbles: true })),
    );
    await until(() => expect(button('Oui')).toBeDefined());
    await act(async () => button('Oui').click());
    expect(api.post).toHaveBeenCalledWith('webhooks/1/secret');
    await until(() => expect(document.querySelector('[data-testid="webhook-secret"]')?.textContent).toBe('whsec_renouvele9Qw'));
    expect(text()).toContain(WEBHOOK_MSG.secretShownOnce);
  });

  it('opens the delivery log: label, attempt, status, HTTP, duration, excerpt, error, dates; « Renvoyer » posts a redelivery', async () => {
    await act(async () =>
      [...document.querySelectorAll('button[aria-label="Journal des envois"]')][0].dispatchEvent(new MouseEvent('click', { bubbles: true })),
    );
    await until(() => expect(document.querySelector('[aria-label="Journal des envois"] tbody tr')).not.toBeNull());
    const cells = [...document.querySelectorAll('[aria-label="Journal des envois"] tbody tr td')].map((td) => td.textContent?.replace(/[\u00a0\u202f]/g, ' '));
    expect(cells.slice(0, 9)).toEqual([
      '27/11/2026 à 02:05',
      'Commande créée',
      '2',
      'Échouée',
      '503',
      '1 250 ms',
      'Service Unavailable',
      'Réponse HTTP 503',
      '27/11/2026 à 02:10',
    ]);
    expect(request).toHaveBeenCalledWith('webhooks/1/deliveries', { query: { page: 1, rows: 20, status: null } });
    vi.mocked(api.post).mockResolvedValueOnce({ ...DELIVERY, ID: 10, ATTEMPT: 1, STATUS: 'pending' } as never);
    await act(async () => button('Renvoyer l’envoi 9').click());
    expect(api.post).toHaveBeenCalledWith('webhooks/1/deliveries/9/redeliver');
  });
});
