import { IDEMPOTENCY_MSG } from '@app/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, configureApi } from './api';

/**
 * Writes carry an Idempotency-Key, and a write re-sent after it went unanswered carries the same one,
 * so the server runs a points offer or a bulk action once however often the user retries it.
 */
describe('the Idempotency-Key of writes', () => {
  const sent: { method: string; url: string; key: string | null }[] = [];
  let answer: () => Promise<Response>;

  beforeEach(() => {
    sent.length = 0;
    configureApi({ onFailure: () => {} });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ method: init.method ?? 'GET', url, key: (init.headers as Record<string, string>)['idempotency-key'] ?? null });
      return answer();
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const ok = async () => Response.json({ success: true, data: { id: 1 } });
  const unreachable = async () => {
    throw new TypeError('Failed to fetch');
  };
  const conflict = (message: string) => async () => Response.json({ success: false, message }, { status: 409 });

  it('keys every write, never a read; two answered writes have two keys', async () => {
    answer = ok;
    await api.get('clients');
    await api.post('points/offer', { CLIENT_ID: 3, POINTS: 100 });
    await api.post('points/offer', { CLIENT_ID: 3, POINTS: 100 });
    expect(sent[0].key).toBeNull();
    expect(sent[1].key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[2].key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[2].key).not.toBe(sent[1].key);
  });

  it('re-sends the same key after a network failure, and after « still running »; a new one once answered', async () => {
    answer = unreachable;
    await expect(api.post('clients/bulk/offer', { ids: [1, 2], POINTS: 50 })).rejects.toBeInstanceOf(ApiError);
    answer = conflict(IDEMPOTENCY_MSG.inProgress);
    await expect(api.post('clients/bulk/offer', { ids: [1, 2], POINTS: 50 })).rejects.toBeInstanceOf(ApiError);
    answer = ok;
    await api.post('clients/bulk/offer', { ids: [1, 2], POINTS: 50 });
    await api.post('clients/bulk/offer', { ids: [1, 2], POINTS: 50 });
    expect(sent.map((s) => s.key)).toEqual([sent[0].key, sent[0].key, sent[0].key, expect.stringMatching(/^[0-9a-f]{32}$/)]);
    expect(sent[3].key).not.toBe(sent[0].key);
  });

  it('another body or another path is another write; a business 409 gives its key up', async () => {
    answer = unreachable;
    await expect(api.post('clients/bulk/offer', { ids: [1], POINTS: 50 })).rejects.toBeInstanceOf(ApiError);
    await expect(api.post('clients/bulk/offer', { ids: [1], POINTS: 60 })).rejects.toBeInstanceOf(ApiError);
    await expect(api.put('clients/1', { ids: [1], POINTS: 50 })).rejects.toBeInstanceOf(ApiError);
    expect(new Set(sent.map((s) => s.key)).size).toBe(3);
    answer = conflict('Déjà réceptionné');
    await expect(api.post('conversions/receive', { QRCODE: 'X' })).rejects.toBeInstanceOf(ApiError);
    await expect(api.post('conversions/receive', { QRCODE: 'X' })).rejects.toBeInstanceOf(ApiError);
    expect(sent[4].key).not.toBe(sent[3].key);
  });
});
