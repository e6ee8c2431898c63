import { MSG, type Ristourne, ristourneBody } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { tierFormValues } from './tier-form';

const stored: Ristourne = {
  id: 3,
  NUM_RISTOURNE: 2,
  NAME: 'Argent',
  YEAR: 2025,
  VAL_MIN: '5000.000',
  VAL_MAX: '9999.999',
  PERCENTAGE: '2.500',
  REMISE: '1.000',
  ACTIVITE: 4,
  ACTIVITE_NAME: 'Épicerie',
  IS_ACTIVE: 0,
};

describe('tier form', () => {
  it('starts a new tier this year, active, without activity', () => {
    expect(tierFormValues(null, 2026)).toEqual({
      NUM_RISTOURNE: '',
      NAME: '',
      YEAR: '2026',
      VAL_MIN: '',
      VAL_MAX: '',
      PERCENTAGE: '',
      REMISE: '',
      ACTIVITE: null,
      IS_ACTIVE: 1,
    });
  });

  it('edits a stored tier and sends it back unchanged', () => {
    expect(ristourneBody.parse(tierFormValues(stored))).toEqual({
      NUM_RISTOURNE: 2,
      NAME: 'Argent',
      YEAR: 2025,
      VAL_MIN: '5000.000',
      VAL_MAX: '9999.999',
      PERCENTAGE: '2.500',
      REMISE: '1.000',
      ACTIVITE: 4,
      IS_ACTIVE: 0,
    });
  });

  it('blocks a minimum above the maximum, on CA max', () => {
    const r = ristourneBody.safeParse({ ...tierFormValues(stored), VAL_MIN: '10000' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['VAL_MAX', MSG.minGreaterThanMax]]);
  });
});
