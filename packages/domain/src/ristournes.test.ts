import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import {
  millimesToDinars,
  overlapMessage,
  overlappingTier,
  RISTOURNE_MSG,
  rebateMillimes,
  ristourneBody,
  ristourneUpdateBody,
  SEGMENTATION_DEFAULT,
  segmentationClientsQuery,
  segmentationQuery,
  toThousandths,
} from './ristournes';

const errors = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const tier = { NUM_RISTOURNE: '1', NAME: 'Palier 1', YEAR: '2025', VAL_MIN: '0', VAL_MAX: '4999.999', PERCENTAGE: '1.5', REMISE: '2' };

describe('rebate tier body', () => {
  it('accepts a complete tier, numbers typed as text, active by default and without activity', () => {
    expect(ristourneBody.parse(tier)).toEqual({ ...tier, NUM_RISTOURNE: 1, YEAR: 2025, ACTIVITE: null, IS_ACTIVE: 1 });
  });

  it('requires every field but the activity, with the domain messages', () => {
    expect(errors(ristourneBody.safeParse({}))).toEqual({
      NUM_RISTOURNE: MSG.required,
      NAME: MSG.required,
      YEAR: MSG.required,
      VAL_MIN: MSG.required,
      VAL_MAX: MSG.required,
      PERCENTAGE: MSG.required,
      REMISE: MSG.required,
    });
  });

  it('keeps the year within 1000–9999 and percentages within 100 with three decimals', () => {
    expect(errors(ristourneBody.safeParse({ ...tier, YEAR: '999' }))).toEqual({ YEAR: RISTOURNE_MSG.yearRange });
    expect(errors(ristourneBody.safeParse({ ...tier, YEAR: '10000' }))).toEqual({ YEAR: RISTOURNE_MSG.yearRange });
    expect(ristourneBody.safeParse({ ...tier, YEAR: '1000' }).success).toBe(true);
    expect(ristourneBody.safeParse({ ...tier, YEAR: 9999 }).success).toBe(true);
    expect(errors(ristourneBody.safeParse({ ...tier, PERCENTAGE: '100.5', REMISE: '1.2345' }))).toEqual({ PERCENTAGE: MSG.percentMax, REMISE: MSG.number });
  });

  it('refuses a minimum above the maximum, on the maximum; equal bounds are a one-value tier', () => {
    expect(errors(ristourneBody.safeParse({ ...tier, VAL_MIN: '5000', VAL_MAX: '4999.999' }))).toEqual({ VAL_MAX: MSG.minGreaterThanMax });
    expect(ristourneBody.safeParse({ ...tier, VAL_MIN: '5000', VAL_MAX: '5000' }).success).toBe(true);
    // An update that sends both bounds is checked too; one bound alone is checked against the row by the server.
    expect(errors(ristourneUpdateBody.safeParse({ VAL_MIN: '10', VAL_MAX: '9' }))).toEqual({ VAL_MAX: MSG.minGreaterThanMax });
    // Nothing absent is filled in: a partial update never re-activates a tier.
    expect(ristourneUpdateBody.parse({ VAL_MIN: '10' })).toEqual({ VAL_MIN: '10' });
    expect(ristourneUpdateBody.parse({ IS_ACTIVE: 0 })).toEqual({ IS_ACTIVE: 0 });
  });
});

describe('overlapping tiers (closed ranges)', () => {
  const others = [
    { id: 1, name: 'Bronze', valMin: '0', valMax: '4999.999' },
    { id: 2, name: 'Argent', valMin: '5000', valMax: '9999.999' },
  ];

  it('finds the tier a range overlaps, the shared bound included', () => {
    expect(overlappingTier('4999.999', '6000', others)?.name).toBe('Bronze');
    expect(overlappingTier('9999.999', '20000', others)?.name).toBe('Argent');
    expect(overlappingTier('100', '200', others)?.name).toBe('Bronze');
    // A range covering another whole one overlaps it.
    expect(overlappingTier('6000', '7000', [{ id: 3, name: 'Large', valMin: '0', valMax: '100000' }])?.name).toBe('Large');
  });

  it('lets adjacent ranges be, and ignores the tier being edited', () => {
    expect(overlappingTier('10000', '20000', others)).toBeUndefined();
    expect(overlappingTier('0', '4999.999', others, 1)).toBeUndefined();
    expect(overlappingTier('0', '5000', others, 1)?.name).toBe('Argent');
  });

  it('names the other tier and its range in French dinars', () => {
    expect(overlapMessage(others[1])).toBe(RISTOURNE_MSG.overlap('Argent', '5\u00a0000,000', '9\u00a0999,999'));
    expect(overlapMessage(others[1])).toBe(
      'Ce palier chevauche le palier actif « Argent » (5\u00a0000,000 – 9\u00a0999,999 DT) de la même année et de la même activité.',
    );
  });
});

describe('rebate amount in millimes', () => {
  it('is exact on integers: 1234.567 DT at 2.5 % is 30.864 DT', () => {
    expect(rebateMillimes('1234.567', '2.5')).toBe(30864);
    expect(millimesToDinars(rebateMillimes('1234.567', '2.5'))).toBe('30.864');
  });

  it('rounds half up, never down by a floating-point neighbour', () => {
    // 0.1 DT at 5 % = 5 millimes exactly; 0.01 DT at 50 % = 5 millimes; 0.001 DT at 50 % = 0.5 → 1.
    expect(rebateMillimes('0.1', '5')).toBe(5);
    expect(rebateMillimes('0.001', '50')).toBe(1);
    expect(rebateMillimes('0.001', '49.999')).toBe(0);
    // 1.005 DT × 10 % = 0.1005 DT = 100.5 millimes → 101 (a float computation gives 100.49999…).
    expect(rebateMillimes('1.005', '10')).toBe(101);
    expect(rebateMillimes(1000, 0)).toBe(0);
  });

  it('stays exact on large turnovers', () => {
    expect(rebateMillimes('99999999999.999', '100')).toBe(99_999_999_999_999);
    expect(toThousandths('1234.5')).toBe(1_234_500);
    expect(toThousandths(12)).toBe(12_000);
  });
});

describe('segmentation query', () => {
  it('defaults to the slider’s default range', () => {
    expect(segmentationQuery.parse({})).toEqual({ min: String(SEGMENTATION_DEFAULT[0]), max: String(SEGMENTATION_DEFAULT[1]) });
    expect(segmentationClientsQuery.parse({ min: '0', max: '10000' })).toEqual({ min: '0', max: '10000', page: 1, perPage: 50 });
  });

  it('refuses a minimum above the maximum and bounds that are not amounts', () => {
    expect(errors(segmentationQuery.safeParse({ min: '7000', max: '6000' }))).toEqual({ max: MSG.minGreaterThanMax });
    expect(errors(segmentationClientsQuery.safeParse({ min: '7000', max: '6000', page: '2' }))).toEqual({ max: MSG.minGreaterThanMax });
    expect(errors(segmentationQuery.safeParse({ min: '-1', max: 'abc' }))).toEqual({ min: MSG.number, max: MSG.number });
  });
});
