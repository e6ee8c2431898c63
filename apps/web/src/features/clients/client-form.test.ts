import { CLIENT_STEPS, type Client } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { CLIENT_DIALOG_STEPS, clientAddForm, clientBody, clientEditForm, clientFormValues, DETAIL_FIELDS, requiredFor } from './client-form';

const allFields = CLIENT_DIALOG_STEPS.flatMap((s) => s.fields);

const complete = {
  ...clientFormValues(null, allFields),
  CODE_CLIENT: 'C900',
  NAME: 'Épicerie du port',
  TVA: '1234567A',
  ADDRESS: 'Rue de Marseille',
  TYPE_CLIENT_ID: 1,
  GSM: '22123456',
  NUM_SIRET: 'S1',
  C_PAYEUR: 'P1',
  C_RISQUE: 'Faible',
  PERCENTAGE: '2.5',
  PAIEMENT: 'Chèque',
  DELAI_RECUPERATION: '30',
  CODE_COMPTABLE: '411000',
  SECTION: 'A',
  REPRESENTANT_1: 'Ali',
  REPRESENTANT_2: 'Sami',
  OBSERVATIONS: 'RAS',
  GOUVERNORAT: 'Sfax',
  CITY: 'Sfax',
  FAX: '74123456',
  DELAI_LIVRAISON: '2',
  SITE: 'Sfax',
};

describe('client form', () => {
  it('has the three steps of CLIENT_STEPS (without USERS), the image on step 1', () => {
    expect(CLIENT_DIALOG_STEPS.map((s) => s.label)).toEqual(['Identité', 'Conditions commerciales', 'Livraison']);
    expect(CLIENT_DIALOG_STEPS[0].fields).toEqual([...CLIENT_STEPS.identity.filter((f) => f !== 'USERS'), 'file']);
    expect(CLIENT_DIALOG_STEPS[1].fields).toEqual([...CLIENT_STEPS.commercial]);
    expect(CLIENT_DIALOG_STEPS[2].fields).toEqual([...CLIENT_STEPS.delivery]);
    expect(DETAIL_FIELDS).toContain('GSM_FID');
  });

  it('starts a new client En cours and active, with empty fields', () => {
    const v = clientFormValues(null, allFields);
    expect(v).toMatchObject({ STATUS: 0, IS_ACTIVE: 1, CODE_CLIENT: '', TYPE_CLIENT_ID: null, GOUVERNORAT: null, file: null });
    expect(v).not.toHaveProperty('USERS');
  });

  it('reads a client into text and ids', () => {
    const row = {
      PERCENTAGE: 2.5,
      DELAI_LIVRAISON: 3,
      CIRCUIT: 4,
      RNE: null,
      IS_ACTIVE: 0,
      STATUS: 2,
      MEDIA: { original_url: '/u/a.png' },
    } as unknown as Client;
    expect(clientFormValues(row, allFields)).toMatchObject({
      PERCENTAGE: '2.5',
      DELAI_LIVRAISON: '3',
      CIRCUIT: 4,
      RNE: '',
      IS_ACTIVE: 0,
      STATUS: 2,
      file: '/u/a.png',
    });
  });

  it('add requires the full list, edit the light one', () => {
    const empty = clientFormValues(null, allFields);
    const addErrors = clientAddForm.safeParse(empty).error?.issues.map((i) => i.path[0]);
    // STATUS starts at En cours, so it is the one required field already filled.
    expect(new Set(addErrors)).toEqual(new Set([...requiredFor('add')].filter((f) => f !== 'STATUS')));
    const editErrors = clientEditForm.safeParse(empty).error?.issues.map((i) => i.path[0]);
    expect(new Set(editErrors)).toEqual(new Set(['NAME', 'TVA', 'ADDRESS', 'TYPE_CLIENT_ID', 'GSM']));
    expect(clientAddForm.safeParse(complete).success).toBe(true);
  });

  it('sends the body without the image', () => {
    const out = clientAddForm.parse({ ...complete, file: null });
    const body = clientBody(out);
    expect(body).not.toHaveProperty('file');
    expect(body).toMatchObject({ CODE_CLIENT: 'C900', RNE: null, STATUS: 0, IS_ACTIVE: 1 });
  });
});
