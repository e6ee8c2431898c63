import { BULK_LISTS, bulkActionsFor } from '@app/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { notify } from '../../lib/toast';
import { askBulk } from './bulk-run';
import { BulkBar } from './BulkBar';
import { EMPTY_SELECTION, type Selection, selectAllMatching } from './selection';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof import('../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn() },
}));
vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warn: vi.fn(), info: vi.fn() } }));
vi.mock('./bulk-run', async (original) => ({ ...(await original<typeof import('./bulk-run')>()), askBulk: vi.fn() }));

let root: Root;
let host: HTMLElement;
const button = (label: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === label) ?? null;

async function click(el: Element | null) {
  if (!el) throw new Error('nothing to click');
  await act(async () => {
    (el as HTMLElement).click();
    await new Promise((r) => setTimeout(r, 0));
  });
}

function render(list: keyof typeof BULK_LISTS, selection: Selection, filter: Record<string, unknown> = {}) {
  const onSelection = vi.fn();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const l = BULK_LISTS[list];
  act(() =>
    root.render(
      <QueryClientProvider client={qc}>
        <BulkBar
          list={l}
          actions={bulkActionsFor(l, 'admin')}
          selection={selection}
          pageIds={[3, 4, 5]}
          total={40}
          filter={filter}
          refreshPaths={[l.path]}
          onSelection={onSelection}
        />
      </QueryClientProvider>,
    ),
  );
  return { onSelection };
}

beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  vi.mocked(api.post).mockReset();
  vi.mocked(askBulk).mockReset();
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.warn).mockReset();
});
afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
});

describe('bulk bar', () => {
  it('shows nothing while nothing is selected', () => {
    render('clients', EMPTY_SELECTION);
    expect(document.querySelector('[role="toolbar"]')).toBeNull();
  });

  it('offers every matching row once the page is ticked', async () => {
    const { onSelection } = render('clients', { mode: 'ids', ids: new Set([3, 4, 5]) });
    expect(document.querySelector('.dt-bulk-line')?.textContent).toContain('Les 3 lignes de cette page sont sélectionnées.');
    await click(button('Sélectionner les 40 lignes correspondant au filtre'));
    expect(onSelection).toHaveBeenCalledWith({ mode: 'filter' });
  });

  it('confirms with the count, sends the ticked ids, says what changed and empties the selection', async () => {
    vi.mocked(askBulk).mockResolvedValue(true);
    vi.mocked(api.post).mockResolvedValue({ matched: 2, changed: 2, refused: [], refusedCount: 0 });
    const { onSelection } = render('clients', { mode: 'ids', ids: new Set([3, 9]) });
    expect(document.querySelector('[role="toolbar"]')?.getAttribute('aria-label')).toBe('Actions sur la sélection');
    await click(button('Désactiver'));
    expect(askBulk).toHaveBeenCalledWith('Désactiver 2 clients ?', false);
    expect(api.post).toHaveBeenCalledWith('clients/bulk/deactivate', { ids: [3, 9] });
    expect(notify.success).toHaveBeenCalledWith('Désactiver', '2 lignes modifiées.');
    expect(onSelection).toHaveBeenCalledWith(EMPTY_SELECTION);
  });

  it('sends nothing when the confirmation says no', async () => {
    vi.mocked(askBulk).mockResolvedValue(false);
    render('clients', { mode: 'ids', ids: new Set([3]) });
    await click(button('Activer'));
    expect(askBulk).toHaveBeenCalledWith('Activer 1 client ?', false);
    expect(api.post).not.toHaveBeenCalled();
  });

  it('sends the filter for "all matching", asks in red for a delete, and lists the refused rows', async () => {
    vi.mocked(askBulk).mockResolvedValue(true);
    vi.mocked(api.post).mockResolvedValue({
      matched: 40,
      changed: 39,
      refused: [{ id: 7, label: 'CMD-2026-00007', reason: 'Commande facturée.' }],
      refusedCount: 1,
    });
    render('orders', selectAllMatching(), { search: 'sfax' });
    await click(button('Supprimer'));
    expect(askBulk).toHaveBeenCalledWith('Supprimer 40 commandes ?', true);
    expect(api.post).toHaveBeenCalledWith('orders/bulk/delete', { filter: { search: 'sfax' } });
    expect(notify.warn).toHaveBeenCalledWith('Supprimer', '39 lignes modifiées, 1 refusée.');
    // The dialog's module loads on first use.
    for (let i = 0; i < 50 && !document.querySelector('.p-dialog tbody td'); i++) await act(async () => new Promise((r) => setTimeout(r, 20)));
    const dialog = document.querySelector('.p-dialog');
    expect(dialog?.textContent).toContain('Lignes refusées (1)');
    expect([...(dialog?.querySelectorAll('tbody td') ?? [])].map((td) => td.textContent)).toEqual(['CMD-2026-00007', 'Commande facturée.']);
  });
});
