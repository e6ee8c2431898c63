import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, BULK_LISTS, BULK_MAX_ROWS, BULK_MSG, bulkAction, bulkActionBody, bulkActionsFor, bulkConfirm, bulkSummary } from './index';

describe('bulk actions contract', () => {
  it('names the count in the confirmation, singular for one', () => {
    const l = BULK_LISTS.clients;
    expect(bulkConfirm(l, bulkAction(l, 'deactivate')!, 37)).toBe('Désactiver 37 clients ?');
    expect(bulkConfirm(BULK_LISTS.orders, bulkAction(BULK_LISTS.orders, 'delete')!, 1)).toBe('Supprimer 1 commande ?');
    expect(bulkConfirm(l, bulkAction(l, 'deactivate')!, 12345)).toBe('Désactiver 12\u00a0345 clients ?');
  });

  it('every action has its audit label and a key that fits the audit column (20 characters)', () => {
    for (const l of Object.values(BULK_LISTS))
      for (const a of l.actions) {
        expect(Object.hasOwn(AUDIT_ACTION_LABELS, `bulk:${a.key}`), a.key).toBe(true);
        expect(`bulk:${a.key}`.length).toBeLessThanOrEqual(20);
      }
  });

  it('shows each role only what it may run: a Magasinier prepares, a zone chief ships, never products:manage', () => {
    expect(bulkActionsFor(BULK_LISTS.giftConversions, 'Magasinier').map((a) => a.key)).toEqual(['prepare']);
    expect(bulkActionsFor(BULK_LISTS.giftConversions, 'chefZone').map((a) => a.key)).toEqual(['ship']);
    expect(bulkActionsFor(BULK_LISTS.products, 'chefZone')).toEqual([]);
    expect(bulkActionsFor(BULK_LISTS.clients, 'chefZone').map((a) => a.key)).toEqual(['activate', 'deactivate', 'status', 'delete']);
    expect(bulkActionsFor(BULK_LISTS.clients, 'admin').length).toBe(BULK_LISTS.clients.actions.length);
  });

  it('takes exactly one of ids and filter, strict, with the action’s params', () => {
    const body = bulkActionBody(BULK_LISTS.clients, bulkAction(BULK_LISTS.clients, 'points')!);
    expect(body.safeParse({ ids: [1, 2], points: 5, reason: 'Printemps' }).success).toBe(true);
    expect(body.safeParse({ filter: { search: 'caf', tags: ['tunis'] }, points: 5, reason: 'Printemps' }).success).toBe(true);
    for (const bad of [
      { ids: [1], filter: {}, points: 5, reason: 'x' },
      { points: 5, reason: 'x' },
      { ids: [], points: 5, reason: 'x' },
      { ids: [1, 1], points: 5, reason: 'x' },
      { ids: ['1'], points: 5, reason: 'x' },
      { ids: [1], points: 0, reason: 'x' },
      { ids: [1], points: 5 },
      { ids: [1], points: 5, reason: 'x', other: true },
      { filter: { page: '2' }, points: 5, reason: 'x' },
    ])
      expect(body.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    const tooMany = body.safeParse({ ids: Array.from({ length: BULK_MAX_ROWS + 1 }, (_, i) => i + 1), points: 5, reason: 'x' });
    expect(tooMany.error?.issues[0].message).toBe(BULK_MSG.tooMany);
  });

  it('sums the reply up for a toast', () => {
    expect(bulkSummary({ matched: 37, changed: 35, refused: [], refusedCount: 2 })).toBe('35 lignes modifiées, 2 refusées.');
    expect(bulkSummary({ matched: 1, changed: 1, refused: [], refusedCount: 0 })).toBe('1 ligne modifiée.');
    expect(bulkSummary({ matched: 5200, changed: 4000, refused: [], refusedCount: 1200 })).toBe('4\u00a0000 lignes modifiées, 1\u00a0200 refusées.');
    expect(BULK_MSG.done(4000)).toBe('4\u00a0000 lignes modifiées.');
    expect(BULK_MSG.tooMany).toBe('Trop de lignes : affinez le filtre (100\u00a0000 au plus).');
  });
});
