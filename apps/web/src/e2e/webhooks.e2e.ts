import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hrefFor } from '@app/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DESKTOP, launch, login, MOBILE, newPage, shot } from './browser';

/**
 * Paramètres › Webhooks as an admin, against a receiver started here (the server runs
 * with WEBHOOKS_ALLOW_PRIVATE=true, global-setup.ts): add an endpoint, read its secret once (masked
 * afterwards), send the test event, see it delivered in the log, at 1366 and 390 px.
 */
let browser: Browser;
let receiver: Server;
const received: { headers: Record<string, unknown>; body: string }[] = [];
let hookUrl = '';

beforeAll(async () => {
  browser = await launch();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('reçu');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/recepteur`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((r) => receiver?.close(r));
});

const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });

describe('Paramètres › Webhooks', () => {
  it('adds an endpoint, shows its secret once, sends the test event and logs its delivery (1366 px)', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('webhooks'));
    await until(() => page.getByRole('heading', { name: 'Webhooks', exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Ajouter' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un webhook' });
    // The server's rule shows on the field: no event chosen.
    await dialog.getByLabel('URL *').fill(hookUrl);
    await dialog.getByLabel('Description').fill('Récepteur du test');
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await until(() => dialog.locator('.p-error').count()).toBeGreaterThan(0);
    await dialog.getByLabel(/Commande créée/).check();
    await dialog.getByLabel(/Solde de points modifié/).check();
    await shot(page, 'webhooks-add');
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    const secret = page.getByTestId('webhook-secret');
    await until(() => secret.textContent()).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const whole = (await secret.textContent()) ?? '';
    await until(() => page.getByText('Copiez ce secret maintenant : il ne sera plus affiché.').count()).toBe(1);
    await shot(page, 'webhooks-secret');
    await page.getByRole('button', { name: 'J’ai noté le secret' }).click();

    // Afterwards the list shows it masked, and the whole secret is nowhere on the page.
    const row = page.getByRole('region', { name: 'Webhooks' }).getByRole('row').filter({ hasText: hookUrl });
    await until(() => row.textContent()).toContain('Actif');
    expect(await row.getByTestId('webhook-secret-masked').textContent()).toBe(`whsec_…${whole.slice(-4)}`);
    expect(await page.content()).not.toContain(whole.slice('whsec_'.length, -4));
    await row.getByRole('button', { name: 'Envoyer un événement de test' }).click();
    await until(() => page.getByText('Événement de test envoyé').count()).toBeGreaterThan(0);
    await until(() => received.length).toBeGreaterThan(0);
    expect(received[0].headers['webhook-signature']).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(JSON.parse(received[0].body).type).toBe('webhook.test');

    await row.getByRole('button', { name: 'Journal des envois' }).click();
    const log = page.getByRole('region', { name: 'Journal des envois' });
    await until(async () => {
      await page.getByRole('button', { name: 'Actualiser' }).click();
      return log.getByRole('row').filter({ hasText: 'Événement de test' }).filter({ hasText: 'Réussie' }).count();
    }).toBeGreaterThan(0);
    await shot(page, 'webhooks-log');
    await checkA11y(page, 'webhooks-log');
    await page.context().close();
  });

  it('fits a phone: the list and the log (390 px)', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('webhooks'));
    const row = page.getByRole('region', { name: 'Webhooks' }).getByRole('row').filter({ hasText: hookUrl });
    await until(() => row.count()).toBe(1);
    await shot(page, 'webhooks-mobile');
    await row.getByRole('button', { name: 'Journal des envois' }).click();
    await until(() => page.getByRole('region', { name: 'Journal des envois' }).getByRole('row').count()).toBeGreaterThan(1);
    await shot(page, 'webhooks-log-mobile');
    // No horizontal scroll of the page itself: wide tables scroll inside their region.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await page.context().close();
  });
});
