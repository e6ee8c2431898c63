import { hrefFor } from '@app/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Bell, type BellConfig } from './Bell';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const role = { current: 'admin' };
vi.mock('../../lib/useSession', () => ({ useSessionUser: () => ({ role: role.current }) }));

interface Item {
  id: number;
  USER: string;
  WHAT: string;
}
const fetch = vi.fn<() => Promise<{ count: number; items: Item[] }>>();
const CONFIG: BellConfig<Item> = {
  action: 'orders:read',
  icon: 'pi-shopping-cart',
  queryKey: ['test-bell'],
  fetch,
  label: (count) => `Commandes en attente : ${count}`,
  panel: 'Nouvelles commandes',
  empty: 'Aucune nouvelle commande',
  meta: (item) => item.WHAT,
  href: (item) => hrefFor('orders', {}, { commande: item.id }),
};

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  fetch.mockReset();
});

async function render() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root.render(
      <QueryClientProvider client={qc}>
        <MemoryRouter>
          <Bell config={CONFIG} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
  // The query resolves over a few ticks.
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
}

describe('Bell', () => {
  it('names its count and caps the badge at 99+', async () => {
    role.current = 'admin';
    fetch.mockResolvedValue({ count: 120, items: [{ id: 3, USER: 'Amira', WHAT: 'CMD-3' }] });
    await render();
    const button = host.querySelector('button.bell-button');
    expect(button?.getAttribute('aria-label')).toBe('Commandes en attente : 120');
    expect(host.querySelector('.bell-badge')?.textContent).toBe('99+');
    expect(host.querySelector('i.pi-shopping-cart')).not.toBeNull();
  });

  it('shows no badge at zero', async () => {
    role.current = 'admin';
    fetch.mockResolvedValue({ count: 0, items: [] });
    await render();
    expect(host.querySelector('button.bell-button')?.getAttribute('title')).toBe('Commandes en attente : 0');
    expect(host.querySelector('.bell-badge')).toBeNull();
  });

  it('is absent, and asks nothing, for a role without the action', async () => {
    role.current = 'patente';
    fetch.mockResolvedValue({ count: 5, items: [] });
    await render();
    expect(host.querySelector('button')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
