import { templatesMeta } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { placeholderHints, templateColumns, templateTitles, templateTypeOf } from './columns';
import { labelProblems, sortKeyProblems } from '../../components/data-table/columns';

describe('template screens', () => {
  it('list the template name and subject, both sortable by the API keys', () => {
    expect(templateColumns.map((c) => `${c.field}:${c.header}:${c.sortable ? 'sort' : ''}`)).toEqual(['NOM_DU_MODÈLE:Nom du modèle:sort', 'SUJET:Sujet:sort']);
    expect(templatesMeta.defaultSort.field).toBe('NOM_DU_MODÈLE');
  });
  it('take the type from the route: email, anything else sms', () => {
    expect(templateTypeOf('email')).toBe('email');
    expect(templateTypeOf('sms')).toBe('sms');
    expect(templateTypeOf('autre')).toBe('sms');
    expect(templateTitles('sms').add).toBe('Ajouter un modèle SMS');
  });
  it('name the six placeholders of the spec and the two of points expiry in the hint', () => {
    expect(placeholderHints.map((h) => h.tag)).toEqual([
      '{{PRENOM}}',
      '{{NOM}}',
      '{{EMAIL}}',
      '{{CODE_CLIENT}}',
      '{{SOCIETE}}',
      '{{LIEN}}',
      '{{POINTS_EXPIRANT}}',
      '{{DATE_EXPIRATION}}',
    ]);
  });
});

describe('sort keys (the API’s, from the domain’s resource metadata)', () => {
  it('sorts only on keys the API sorts on, by a default it knows', () => {
    expect(sortKeyProblems(templateColumns, templatesMeta)).toEqual([]);
    expect(labelProblems(templateColumns, templatesMeta)).toEqual([]);
  });
});
