import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, configureApi } from './api';

/**
 * The loading overlay of a download: it used to go when the headers came, while a
 * large export was still streaming; it must stay until the file is saved.
 */
describe('api.download and the loading overlay', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the overlay on until the last byte, then saves the file under its name', async () => {
    const calls: string[] = [];
    configureApi({ loading: { start: () => calls.push('start'), stop: () => calls.push('stop') } });
    let finish = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('a;b\r\n'));
        finish = () => {
          calls.push('last byte');
          controller.close();
        };
      },
    });
    vi.stubGlobal('fetch', async () => new Response(body, { headers: { 'content-disposition': 'attachment; filename="clients.csv"' } }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const done = api.download('clients/export/csv');
    await new Promise((r) => setTimeout(r, 20));
    // Headers in, bytes still coming: the overlay is still counted.
    expect(calls).toEqual(['start']);
    finish();
    await done;
    expect(calls).toEqual(['start', 'last byte', 'stop']);
    expect(clicked).toEqual(['clients.csv']);
    click.mockRestore();
  });
});
