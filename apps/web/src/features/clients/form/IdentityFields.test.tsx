import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { IdentityFields } from './IdentityFields';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The selects read their options from the API: one badge, empty lists elsewhere.
vi.mock('../../../lib/api', async (original) => ({
  ...(await original<typeof import('../../../lib/api')>()),
  api: { get: vi.fn(async (path: string) => (path === 'badges' ? [{ id: 3, NAME: 'Or' }] : [])) },
}));

let root: Root;
const tick = () => act(async () => new Promise((r) => setTimeout(r, 0)));

function Harness() {
  const form = useForm({ defaultValues: { BADGES_ID: 3, CODE_CLIENT: '', NAME: '', IS_ACTIVE: 1, file: null } });
  return (
    <FormProvider {...form}>
      <form>
        <IdentityFields required={new Set()} />
      </form>
    </FormProvider>
  );
}

async function renderAs(role: string) {
  session.start('jeton-de-test', { id: 1, FIRSTNAME: 'Test', LASTNAME: 'Test', EMAIL: 't@demo.tn', role, login: 't@demo.tn' });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    root.render(
      <QueryClientProvider client={qc}>
        <Harness />
      </QueryClientProvider>,
    ),
  );
  await tick();
}

const badge = () => document.querySelector<HTMLElement>('[data-field="field-BADGES_ID"]')!;

beforeEach(() => {
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
  session.clear();
});

describe('client form: the badge (a badge credits points)', () => {
  it('is read-only for a zone chief, with why, and still shows the client’s badge', async () => {
    await renderAs('chefZone');
    expect(badge().querySelector('.p-dropdown')?.classList.contains('p-disabled')).toBe(true);
    // Once the badges are loaded, the client's own shows.
    await vi.waitFor(async () => {
      await tick();
      expect(badge().textContent).toContain('Or');
    });
    expect(badge().querySelector('.fld-hint')?.textContent).toBe('Un badge crédite des points : seul un administrateur le change.');
    // The other fields stay editable.
    expect((document.getElementById('field-NAME') as HTMLInputElement).disabled).toBe(false);
  });

  it('can be chosen by an administrator', async () => {
    await renderAs('admin');
    expect(badge().querySelector('.p-dropdown')?.classList.contains('p-disabled')).toBe(false);
    expect(badge().querySelector('.fld-hint')).toBeNull();
  });
});
