import { GIFT_MSG, MSG } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { starterGiftForm, starterGiftFormValues } from './starter-gift-form';

const messages = (values: unknown) => starterGiftForm.safeParse(values).error?.issues.map((i) => [i.path[0], i.message]) ?? [];

describe('starter gift form', () => {
  it('requires ref, title, description and the image', () => {
    expect(messages(starterGiftFormValues(null))).toEqual([
      ['REF', MSG.required],
      ['NAME', MSG.required],
      ['DESCRIPTION', MSG.required],
      ['file', GIFT_MSG.imageRequired],
    ]);
  });

  it('counts the stored image when editing, and a file just chosen when adding', () => {
    const stored = {
      id: 1,
      ID: 1,
      REF: 'BNV',
      NAME: 'Kit',
      DESCRIPTION: 'x',
      CREATED_AT: '2025-01-01T00:00:00Z',
      MEDIA: { id: 2, original_url: '/uploads/s.png', file_name: 's.png', mime_type: 'image/png', size: 1 },
    };
    expect(messages(starterGiftFormValues(stored))).toEqual([]);
    expect(messages({ ...starterGiftFormValues(stored), file: null })).toEqual([['file', GIFT_MSG.imageRequired]]);
    const file = new File([new Uint8Array([1])], 'k.png', { type: 'image/png' });
    expect(messages({ REF: 'B', NAME: 'N', DESCRIPTION: 'D', file })).toEqual([]);
  });
});
