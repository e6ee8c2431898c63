import { describe, expect, it } from 'vitest';
import { checkFile } from './files';
import { GIFT_MEDIA_FAMILY, GIFT_MSG, giftBody, giftHasMedia, giftUpdateBody, giftVoucherValue, startingGiftBody } from './gifts';
import { MSG } from './messages';

/** Field → messages of a refused parse (what the API's 422 and the form show). */
function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string[]> = {};
  for (const i of result.error?.issues ?? []) {
    const key = String(i.path[0]);
    out[key] = [...(out[key] ?? []), i.message];
  }
  return out;
}

const good = { REF: 'CAD-01', NAME: 'Sac isotherme', TYPE: 'bien', QTS: '12' };

describe('gift body', () => {
  it('needs REF, NAME, TYPE and QTS; points default to 0 and the gift to active', () => {
    expect(errorsOf(giftBody.safeParse({}))).toEqual({ REF: [MSG.required], NAME: [MSG.required], TYPE: [GIFT_MSG.typeUnknown], QTS: [MSG.required] });
    const parsed = giftBody.parse(good);
    expect(parsed).toMatchObject({ REF: 'CAD-01', TYPE: 'bien', QTS: 12, NBR_OF_POINTS: 0, IS_ACTIVE: 1, VOCHER_VALUE: null });
    expect(errorsOf(giftBody.safeParse({ ...good, TYPE: 'service' }))).toEqual({ TYPE: [GIFT_MSG.typeUnknown] });
  });

  it('requires a voucher value above 0 for a voucher, and accepts the hidden 0 of a good', () => {
    expect(errorsOf(giftBody.safeParse({ ...good, TYPE: 'voucher' }))).toEqual({ VOCHER_VALUE: [GIFT_MSG.voucherValueRequired] });
    expect(errorsOf(giftBody.safeParse({ ...good, TYPE: 'voucher', VOCHER_VALUE: '' }))).toEqual({ VOCHER_VALUE: [GIFT_MSG.voucherValueRequired] });
    expect(errorsOf(giftBody.safeParse({ ...good, TYPE: 'voucher', VOCHER_VALUE: '0' }))).toEqual({ VOCHER_VALUE: [GIFT_MSG.voucherValuePositive] });
    expect(errorsOf(giftBody.safeParse({ ...good, TYPE: 'voucher', VOCHER_VALUE: '12.3456' }))).toEqual({ VOCHER_VALUE: [MSG.number] });
    expect(giftBody.parse({ ...good, TYPE: 'voucher', VOCHER_VALUE: 25.5 }).VOCHER_VALUE).toBe('25.5');
    expect(giftBody.safeParse({ ...good, VOCHER_VALUE: 0 }).success).toBe(true);
    // A good's value is still a number when given: junk is refused rather than silently stored as 0.
    expect(errorsOf(giftBody.safeParse({ ...good, VOCHER_VALUE: 'abc' }))).toEqual({ VOCHER_VALUE: [MSG.number] });
  });

  it('lets the start equal the end but not follow it; either date alone is fine', () => {
    expect(giftBody.safeParse({ ...good, START_DAY: '2025-03-01', END_DATE: '2025-03-01' }).success).toBe(true);
    expect(errorsOf(giftBody.safeParse({ ...good, START_DAY: '2025-03-02', END_DATE: '2025-03-01' }))).toEqual({ END_DATE: [MSG.periodOrder] });
    expect(giftBody.parse({ ...good, START_DAY: '2025-03-02', END_DATE: '' }).END_DATE).toBeNull();
    expect(errorsOf(giftBody.safeParse({ ...good, START_DAY: '2025-02-30' }))).toEqual({ START_DAY: [MSG.date] });
  });

  it('checks an update on the fields it carries: a switch sends only IS_ACTIVE', () => {
    // Absent fields stay absent (zod's partial() would fill NBR_OF_POINTS 0 and IS_ACTIVE 1).
    expect(giftUpdateBody.parse({ IS_ACTIVE: 0 })).toEqual({ IS_ACTIVE: 0 });
    expect(giftUpdateBody.parse({ QTS: '3' })).toEqual({ QTS: 3 });
    expect(errorsOf(giftUpdateBody.safeParse({ TYPE: 'voucher' }))).toEqual({ VOCHER_VALUE: [GIFT_MSG.voucherValueRequired] });
    expect(errorsOf(giftUpdateBody.safeParse({ START_DAY: '2025-05-01', END_DATE: '2025-04-01' }))).toEqual({ END_DATE: [MSG.periodOrder] });
  });

  it('keeps a voucher value only for a voucher, and media only for a good (image or video)', () => {
    expect(giftVoucherValue('bien', '30')).toBe('0');
    expect(giftVoucherValue('voucher', '30')).toBe('30');
    expect(giftHasMedia('bien')).toBe(true);
    expect(giftHasMedia('voucher')).toBe(false);
    expect(checkFile({ name: 'clip.mp4', size: 10, type: 'video/mp4' }, GIFT_MEDIA_FAMILY)).toBeNull();
    expect(checkFile({ name: 'photo.jpg', size: 10, type: 'image/jpeg' }, GIFT_MEDIA_FAMILY)).toBeNull();
    expect(checkFile({ name: 'fiche.pdf', size: 10, type: 'application/pdf' }, GIFT_MEDIA_FAMILY)).toBe('type');
    expect(checkFile({ name: 'clip.mp4', size: 5_242_881, type: 'video/mp4' }, GIFT_MEDIA_FAMILY)).toBe('size');
  });
});

describe('starter gift body', () => {
  it('requires ref, title and description', () => {
    expect(errorsOf(startingGiftBody.safeParse({ REF: ' ', DESCRIPTION: '' }))).toEqual({
      REF: [MSG.blank],
      NAME: [MSG.required],
      DESCRIPTION: [MSG.required],
    });
    expect(startingGiftBody.parse({ REF: ' SG-1 ', NAME: 'Kit', DESCRIPTION: 'Bienvenue' })).toEqual({ REF: 'SG-1', NAME: 'Kit', DESCRIPTION: 'Bienvenue' });
  });
});
