import type { Badge } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { badgeColumns } from './columns';
import { badgesMeta } from '@app/domain';
import { labelProblems, sortKeyProblems } from '../../components/data-table/columns';

const badge: Badge = { id: 1, ID: 1, NAME: 'Or', BONUS_BADGE: 1500, BONUS_EVOLUTION: 300, BONUS_MAINTIEN: 0, DESCRIPTION: null, IS_ACTIVE: 1, MEDIA: null };

/** Image, name, the three bonuses, description, an active switch; no drag. */
describe('badge columns', () => {
  it('lists the spec’s columns in order, the flag as an inline switch', () => {
    expect(badgeColumns.map((c) => `${c.field}:${c.header}:${c.kind ?? 'text'}${c.sortable ? ':sort' : ''}`)).toEqual([
      'MEDIA.original_url:Image:image',
      'NAME:Nom:text:sort',
      'BONUS_BADGE:Bonus badge:custom',
      'BONUS_EVOLUTION:Bonus évolution:custom',
      'BONUS_MAINTIEN:Bonus maintien:custom',
      'DESCRIPTION:Description:text',
      'IS_ACTIVE:Actif:switch',
    ]);
  });
  it('shows bonuses as points grouped by thousands', () => {
    const bonus = badgeColumns.filter((c) => c.kind === 'custom').map((c) => c.render?.(badge));
    expect(bonus).toEqual(['1\u00a0500', '300', '0']);
  });
  it('sorts only on the name (the API’s one sort besides id)', () => {
    expect(badgeColumns.filter((c) => c.sortable).map((c) => c.field)).toEqual(['NAME']);
  });
});

describe('sort keys (the API’s, from the domain’s resource metadata)', () => {
  it('sorts only on keys the API sorts on, by a default it knows', () => {
    expect(sortKeyProblems(badgeColumns, badgesMeta)).toEqual([]);
    expect(labelProblems(badgeColumns, badgesMeta)).toEqual([]);
  });
});
