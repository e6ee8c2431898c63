import { describe, expect, it } from 'vitest';
import { contactColumns, galleryColumns, plainText, serviceColumns, toolColumns } from './columns';
import { contactRequestsMeta, galleryMeta, homeServicesMeta, partnerToolsMeta, websiteServicesMeta } from '@app/domain';
import { labelProblems, sortKeyProblems } from '../../components/data-table/columns';

describe('showcase columns', () => {
  it('list the spec fields', () => {
    expect(galleryColumns.map((c) => c.field)).toEqual(['POSITION', 'MEDIA.original_url', 'TITLE', 'TYPE', 'LINK']);
    expect(contactColumns.map((c) => c.header).slice(0, 3)).toEqual(['Nom', 'Téléphone', 'Message']);
    expect(toolColumns.map((c) => c.field)).toContain('site_web');
    expect(serviceColumns.find((c) => c.field === 'title_fr')?.sortable).toBe(true);
  });
  it('shows rich text as plain words', () => {
    expect(plainText('<p>Bonjour&nbsp;<b>monde</b></p>')).toBe('Bonjour monde');
    expect(plainText('a'.repeat(200), 10)).toHaveLength(10);
  });
});

describe('sort keys (the API’s, from the domain’s resource metadata)', () => {
  it('sorts only on keys the API sorts on, by a default it knows', () => {
    expect(sortKeyProblems(serviceColumns, homeServicesMeta)).toEqual([]);
    expect(labelProblems(serviceColumns, homeServicesMeta)).toEqual([]);
    expect(sortKeyProblems(serviceColumns, websiteServicesMeta)).toEqual([]);
    expect(labelProblems(serviceColumns, websiteServicesMeta)).toEqual([]);
    expect(sortKeyProblems(toolColumns, partnerToolsMeta)).toEqual([]);
    expect(labelProblems(toolColumns, partnerToolsMeta)).toEqual([]);
    expect(sortKeyProblems(galleryColumns, galleryMeta)).toEqual([]);
    expect(labelProblems(galleryColumns, galleryMeta)).toEqual([]);
    expect(sortKeyProblems(contactColumns, contactRequestsMeta)).toEqual([]);
    expect(labelProblems(contactColumns, contactRequestsMeta)).toEqual([]);
  });
});
