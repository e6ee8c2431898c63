import { INVITATION_MSG } from '@app/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../lib/api';
import { notify } from '../../lib/toast';
import { inviteRequest, sentDetail } from './invite';
import { InviteDialog } from './InviteDialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof import('../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn() },
}));
vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warn: vi.fn(), info: vi.fn() } }));

const RECIPIENTS = [
  { email: 'a@demo.tn', label: 'Amira Ben Salah' },
  { email: 'b@demo.tn', label: 'Karim Trabelsi' },
];
const TEMPLATES = [
  { id: 7, ID: 7, NOM_DU_MODÈLE: 'Invitation au back-office', SUJET: 's', CONTENU: 'c', TYPE: 'email' },
  { id: 8, ID: 8, NOM_DU_MODÈLE: 'Félicitations', SUJET: 's', CONTENU: 'c', TYPE: 'email' },
];

let root: Root;
let host: HTMLElement;
const tick = () => act(async () => new Promise((r) => setTimeout(r, 0)));
const button = (label: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === label) ?? null;
const rowBoxes = () => [...document.querySelectorAll<HTMLInputElement>('.invite-recipients tbody input[type="checkbox"]')];
const countText = () => document.querySelector('.invite-count')?.textContent;

async function click(el: Element | null) {
  if (!el) throw new Error('nothing to click');
  await act(async () => {
    (el as HTMLElement).click();
    await new Promise((r) => setTimeout(r, 0));
  });
}

async function render() {
  const onHide = vi.fn();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    root.render(
      <QueryClientProvider client={qc}>
        <InviteDialog visible onHide={onHide} recipients={RECIPIENTS} title="Inviter administrateur" />
      </QueryClientProvider>,
    ),
  );
  await tick();
  return { onHide };
}

async function pickTemplate(name: string) {
  await click(document.querySelector('.invite-template .p-dropdown'));
  await tick();
  const item = [...document.querySelectorAll('.p-dropdown-item')].find((li) => li.textContent?.trim() === name) ?? null;
  await click(item);
}

beforeEach(() => {
  vi.mocked(api.get).mockResolvedValue(TEMPLATES);
  vi.mocked(api.post).mockReset();
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
});

describe('inviteRequest / sentDetail', () => {
  it('needs a template and a recipient, with the spec message', () => {
    expect(inviteRequest(null, RECIPIENTS)).toEqual({ error: INVITATION_MSG.required });
    expect(inviteRequest(7, [])).toEqual({ error: INVITATION_MSG.required });
    expect(inviteRequest(7, RECIPIENTS)).toEqual({ body: { emails: ['a@demo.tn', 'b@demo.tn'], template_key: 7 } });
  });
  it('says how many left and who failed', () => {
    expect(sentDetail({ message: 'Invitation envoyée', sent: 2, failed: [] })).toBe('2 invitations envoyées.');
    expect(sentDetail({ message: 'Invitation envoyée', sent: 1, failed: [{ email: 'x@y.tn', message: 'Aucun compte' }] })).toBe(
      '1 invitation envoyée ; échec pour x@y.tn (Aucun compte)',
    );
  });
});

describe('InviteDialog', () => {
  it('lists the recipients all checked and refuses to send without a template', async () => {
    await render();
    expect(document.body.textContent).toContain('Inviter administrateur');
    expect(document.body.textContent).toContain('Karim Trabelsi');
    expect(rowBoxes().map((b) => b.checked)).toEqual([true, true]);
    expect(countText()).toBe('2 destinataires sur 2');
    expect(api.get).toHaveBeenCalledWith('templating/email');

    await click(button('Envoyer'));
    expect(document.querySelector('[role="alert"]')?.textContent).toContain(INVITATION_MSG.required);
    expect(api.post).not.toHaveBeenCalled();
  });

  it('sends the checked recipients with the chosen template, then closes with the success toast', async () => {
    vi.mocked(api.post).mockResolvedValue({ message: 'Invitation envoyée', sent: 1, failed: [] });
    const { onHide } = await render();
    await pickTemplate('Félicitations');

    // Unchecking everyone: nothing to send.
    await click(rowBoxes()[0]);
    await click(rowBoxes()[1]);
    expect(countText()).toBe('0 destinataire sur 2');
    await click(button('Envoyer'));
    expect(document.querySelector('[role="alert"]')?.textContent).toContain(INVITATION_MSG.required);
    expect(api.post).not.toHaveBeenCalled();

    await click(rowBoxes()[1]);
    await click(button('Envoyer'));
    expect(api.post).toHaveBeenCalledWith('invite/mail', { emails: ['b@demo.tn'], template_key: 8 }, { silent: true });
    expect(notify.success).toHaveBeenCalledWith('Invitation envoyée', '1 invitation envoyée.');
    expect(onHide).toHaveBeenCalled();
  });

  it('keeps the dialog open with the failure toast when nothing could be sent', async () => {
    vi.mocked(api.post).mockRejectedValue(new ApiError(422, 'Invitation échouée', { emails: ['a@demo.tn : Aucun compte ne correspond à cette adresse.'] }));
    const { onHide } = await render();
    await pickTemplate('Invitation au back-office');
    await click(button('Envoyer'));
    expect(notify.error).toHaveBeenCalledWith('Invitation échouée', 'a@demo.tn : Aucun compte ne correspond à cette adresse.');
    expect(onHide).not.toHaveBeenCalled();
  });
});
