import { LAYOUT_PATH, SCREENS } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { router } from './router';

describe('router and screen registry', () => {
  it('routes every registry screen under /layout, with its title, and nothing else but the landing, the tiers address and not found', () => {
    const layout = router.routes[0].children?.find((r) => r.path === LAYOUT_PATH);
    const children = layout?.children ?? [];
    const byPath = new Map(children.filter((r) => r.path).map((r) => [r.path, r]));
    for (const s of SCREENS) {
      const route = byPath.get(s.route);
      expect([s.key, !!(route?.element ?? route?.Component)]).toEqual([s.key, true]);
      expect([s.key, (route?.handle as { title?: string } | undefined)?.title]).toEqual([s.key, 'title' in s ? s.title : undefined]);
    }
    const extra = children.filter((r) => !SCREENS.some((s) => s.route === r.path)).map((r) => (r.index ? 'index' : r.path));
    expect(extra).toEqual(['index', 'ristourne', '*']);
  });
});
