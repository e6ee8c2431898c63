import { describe, expect, it } from 'vitest';
import { BADGE_POINTS_MESSAGE, badgeBody, badgePoints, formatBadgePoints } from './badges';
import { MSG } from './messages';

const errors = (value: unknown) => {
  const r = badgeBody.safeParse(value);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) {
    const key = String(i.path[0]);
    out[key] = [...(out[key] ?? []), i.message];
  }
  return out;
};

describe('badge body', () => {
  it('needs a name of at most 100 characters, trimmed', () => {
    expect(errors({})).toEqual({ NAME: [MSG.required] });
    expect(errors({ NAME: '   ' })).toEqual({ NAME: [MSG.blank] });
    expect(errors({ NAME: 'x'.repeat(101) })).toEqual({ NAME: [MSG.maxLength(100)] });
    expect(badgeBody.parse({ NAME: '  Or  ' }).NAME).toBe('Or');
  });

  it('defaults the bonuses to 0, the flag to inactive and the description to null', () => {
    expect(badgeBody.parse({ NAME: 'Bronze' })).toEqual({
      NAME: 'Bronze',
      BONUS_BADGE: 0,
      BONUS_EVOLUTION: 0,
      BONUS_MAINTIEN: 0,
      DESCRIPTION: null,
      IS_ACTIVE: 0,
    });
  });

  it('reads bonuses typed as text or sent as numbers, and the flag as 0/1, "0"/"1" or a boolean', () => {
    const b = badgeBody.parse({ NAME: 'Or', BONUS_BADGE: ' 500 ', BONUS_EVOLUTION: 250, BONUS_MAINTIEN: '0', IS_ACTIVE: true, DESCRIPTION: ' Palier ' });
    expect(b).toMatchObject({ BONUS_BADGE: 500, BONUS_EVOLUTION: 250, BONUS_MAINTIEN: 0, IS_ACTIVE: 1, DESCRIPTION: 'Palier' });
    expect(badgeBody.parse({ NAME: 'Or', IS_ACTIVE: '1' }).IS_ACTIVE).toBe(1);
  });

  it('refuses negative, decimal, non-numeric, empty and too large bonuses', () => {
    for (const bad of [-1, 1.5, '1.5', '-3', 'abc', null, 1e21, '1000000000']) {
      expect(errors({ NAME: 'Or', BONUS_BADGE: bad }), String(bad)).toEqual({ BONUS_BADGE: [BADGE_POINTS_MESSAGE] });
    }
    expect(errors({ NAME: 'Or', BONUS_MAINTIEN: '  ' })).toEqual({ BONUS_MAINTIEN: [MSG.required] });
    expect(badgePoints().parse(999_999_999)).toBe(999_999_999);
  });

  it('refuses a flag other than 0 or 1', () => {
    expect(Object.keys(errors({ NAME: 'Or', IS_ACTIVE: 2 }))).toEqual(['IS_ACTIVE']);
  });
});

describe('formatBadgePoints', () => {
  it('groups thousands with a no-break space', () => {
    expect(formatBadgePoints(1500)).toBe('1\u00a0500');
    expect(formatBadgePoints(0)).toBe('0');
  });
});
