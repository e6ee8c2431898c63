import type { Badge } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { badgeForm, badgeFormData, badgeFormValues } from './badge-form';

const stored: Badge = {
  id: 7,
  ID: 7,
  NAME: 'Argent',
  BONUS_BADGE: 250,
  BONUS_EVOLUTION: 150,
  BONUS_MAINTIEN: 50,
  DESCRIPTION: 'Client régulier',
  IS_ACTIVE: 1,
  MEDIA: { id: 3, original_url: '/uploads/badges-7-abc.png', file_name: 'argent.png', mime_type: 'image/png', size: 10 },
};

describe('badge form', () => {
  it('starts a new badge inactive with zero bonuses, and an existing one from its row', () => {
    expect(badgeFormValues(null)).toEqual({ NAME: '', BONUS_BADGE: '0', BONUS_EVOLUTION: '0', BONUS_MAINTIEN: '0', DESCRIPTION: '', IS_ACTIVE: 0, file: null });
    expect(badgeFormValues(stored)).toMatchObject({ NAME: 'Argent', BONUS_BADGE: '250', IS_ACTIVE: 1, file: '/uploads/badges-7-abc.png' });
  });

  it('sends a new badge as form data: every field, and the image only when a file was chosen', () => {
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'or.png', { type: 'image/png' });
    const values = badgeForm.parse({ ...badgeFormValues(null), NAME: 'Or', BONUS_BADGE: '500', DESCRIPTION: '', file });
    const data = badgeFormData(values);
    expect(Object.fromEntries([...data.entries()].filter(([k]) => k !== 'file'))).toEqual({
      NAME: 'Or',
      BONUS_BADGE: '500',
      BONUS_EVOLUTION: '0',
      BONUS_MAINTIEN: '0',
      IS_ACTIVE: '0',
    });
    expect((data.get('file') as File).name).toBe('or.png');
    // The stored image's URL is not a new file: nothing to upload.
    expect(badgeFormData(badgeForm.parse(badgeFormValues(stored))).has('file')).toBe(false);
  });
});
