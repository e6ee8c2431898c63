import { type Block, SITE_MSG } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { blockBodyOf, blockFormFor } from './block-form';

const text = {
  key: 'polygon',
  url: '',
  title_fr: 'Polygones',
  title_en: 'Polygons',
  content_fr: '<p>a</p>',
  content_en: '<p>b</p>',
  img_title_fr: '',
  img_title_en: '',
  img_alt: '',
};
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('block form', () => {
  it('asks for one image on most blocks and for a list on the image-annotation page', () => {
    const one = blockFormFor(false).safeParse({ ...text, file: null });
    expect(one.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['file', SITE_MSG.imageRequired]]);
    const several = blockFormFor(true).safeParse({ ...text, images: [] });
    expect(several.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['images', SITE_MSG.imageRequired]]);
    expect(blockFormFor(true).safeParse({ ...text, images: [png('a.png'), png('b.png')] }).success).toBe(true);
  });

  it('sends a new block with every chosen image in order; an edit sends its text as JSON', () => {
    const values = blockFormFor(true).parse({ ...text, images: [png('a.png'), png('b.png')] });
    const created = blockBodyOf(4)(values, null) as FormData;
    expect(created.get('sections_id')).toBe('4');
    expect(created.getAll('file').map((f) => (f as File).name)).toEqual(['a.png', 'b.png']);
    expect(created.has('images')).toBe(false);
    const edited = blockBodyOf(4)(values, { id: 1 } as Block);
    expect(edited).not.toBeInstanceOf(FormData);
    expect(edited).not.toHaveProperty('images');
  });
});
