import { describe, expect, it } from 'vitest';
import { matchHeader, normalizeCell, SYNC_DEFS, SYNC_MSG, syncRowValidator, validateSyncRow } from './sync';

const errorsOf = (r: ReturnType<typeof validateSyncRow>) => (r.ok ? [] : r.errors);

describe('CSV row rules of the ERP synchronisation', () => {
  it('names the toasts as the spec does', () => {
    expect(SYNC_MSG.success('products')).toBe('Synchronisation des produits réussie');
    expect(SYNC_MSG.failure('invoices')).toBe('Synchronisation des factures échouée');
  });

  it('reads the header whatever its case and spacing, and names the required columns missing', () => {
    const { names, missing } = matchHeader('remises', [' code_client ', 'Remise Global', 'OTHER']);
    expect(names).toEqual(['CODE_CLIENT', 'REMISE_GLOBAL', null]);
    expect(missing).toEqual([]);
    expect(matchHeader('invoices', ['NUM_FACTURE', 'REF']).missing).toEqual(['LIGNE', 'DATE_FACTURE', 'CODE_CLIENT', 'QTE']);
  });

  it('accepts the ERP decimal comma and DD/MM/YYYY days, and nothing looser', () => {
    const dec = SYNC_DEFS.tarifs.columns.find((c) => c.name === 'PHT');
    const day = SYNC_DEFS.tarifs.columns.find((c) => c.name === 'MSTRDAT');
    expect(normalizeCell(dec, '12,5')).toBe('12.5');
    expect(normalizeCell(dec, '1 234,5')).toBe('1 234,5');
    expect(normalizeCell(day, '31/12/2025')).toBe('2025-12-31');
    expect(normalizeCell(undefined, '12,5')).toBe('12,5');
  });

  it('checks a product row with the product form rules (TTC ≥ HT, required Arabic label)', () => {
    const good = { REF: 'P-1', LABEL: 'Lait', LABEL_AR: 'حليب', CODE_CATEGORIE: 'LAIT', PRICE_HT: '1,200', PRICE_TTC: '1.428', QTE: '10' };
    expect(validateSyncRow('products', good)).toMatchObject({ ok: true, value: { REF: 'P-1', PRICE_HT: '1.200', QTE: 10 } });
    expect(errorsOf(validateSyncRow('products', { ...good, PRICE_TTC: '1.000' }))).toEqual([
      { field: 'PRICE_TTC', message: 'Le prix TTC doit être supérieur ou égal au prix HT.' },
    ]);
    expect(
      errorsOf(validateSyncRow('products', { ...good, LABEL_AR: ' ', QTE: 'dix' }))
        .map((e) => e.field)
        .sort(),
    ).toEqual(['LABEL_AR', 'QTE']);
  });

  it('checks an invoice line: a real day, a positive whole quantity, an optional price', () => {
    const line = { NUM_FACTURE: 'F-1', LIGNE: '1', DATE_FACTURE: '15/03/2025', CODE_CLIENT: 'C1', REF: 'P-1', QTE: '3', PRIX_UNITAIRE_TTC: '' };
    expect(validateSyncRow('invoices', line)).toMatchObject({ ok: true, value: { DATE_FACTURE: '2025-03-15', QTE: 3, PRIX_UNITAIRE_TTC: null } });
    const bad = errorsOf(validateSyncRow('invoices', { ...line, DATE_FACTURE: '31/02/2025', QTE: '0', PRIX_UNITAIRE_TTC: '1.2345' }));
    expect(bad.map((e) => e.field).sort()).toEqual(['DATE_FACTURE', 'PRIX_UNITAIRE_TTC', 'QTE']);
  });

  it('checks a client row with the client form rules (phone of 8, governorate, e-mail)', () => {
    expect(validateSyncRow('clients', { CODE_CLIENT: 'C1', NAME: 'Épicerie', GSM: '22123456', GOUVERNORAT: 'Tunis', LATITUDE: '36,8' })).toMatchObject({
      ok: true,
      value: { GSM: '22123456', LATITUDE: 36.8 },
    });
    const bad = errorsOf(validateSyncRow('clients', { CODE_CLIENT: 'C1', NAME: '', GSM: '123', GOUVERNORAT: 'Paris', EMAIL: 'x@' }));
    expect(bad.map((e) => e.field).sort()).toEqual(['EMAIL', 'GOUVERNORAT', 'GSM', 'NAME']);
  });

  it('checks a remise row and a tarif row (period in order, percentage ≤ 100)', () => {
    expect(validateSyncRow('remises', { CODE_CLIENT: 'C1', REMISE_GLOBAL: '12,500' })).toMatchObject({ ok: true, value: { REMISE_GLOBAL: '12.500' } });
    expect(errorsOf(validateSyncRow('remises', { CODE_CLIENT: 'C1', REMISE_N: '-1' })).map((e) => e.field)).toEqual(['REMISE_N']);
    const tarif = { ARTICLE: 'P-1', CIRCUIT: 'Traditionnel', MSTRDAT: '2025-01-01', MENDDAT: '2025-12-31', REMISE: '5', PHT: '1.2' };
    expect(validateSyncRow('tarifs', tarif).ok).toBe(true);
    expect(
      errorsOf(validateSyncRow('tarifs', { ...tarif, MENDDAT: '2024-12-31', REMISE: '101' }))
        .map((e) => e.field)
        .sort(),
    ).toEqual(['MENDDAT', 'REMISE']);
  });
});

describe('the memoised row checker of a run', () => {
  const samples: Record<'invoices' | 'remises' | 'clients' | 'products', Record<string, string>[]> = {
    invoices: [
      { NUM_FACTURE: 'F-1', LIGNE: '1', DATE_FACTURE: '15/03/2025', CODE_CLIENT: 'C1', REF: 'P-1', QTE: '3', PRIX_UNITAIRE_TTC: '5,500' },
      { NUM_FACTURE: 'F-1', LIGNE: '2', DATE_FACTURE: '15/03/2025', CODE_CLIENT: 'C1', REF: 'P-2', QTE: '3' },
      { NUM_FACTURE: 'F-1', LIGNE: 'x', DATE_FACTURE: '31/02/2025', CODE_CLIENT: ' ', REF: 'P-2', QTE: '0', PRIX_UNITAIRE_TTC: '1.2345' },
      { NUM_FACTURE: 'F-2', LIGNE: '1', DATE_FACTURE: '2025-03-16', REF: 'P-1', QTE: '3' },
      { NUM_FACTURE: 'F-1', LIGNE: 'x', DATE_FACTURE: '31/02/2025', CODE_CLIENT: ' ', REF: 'P-2', QTE: '0', PRIX_UNITAIRE_TTC: '1.2345' },
    ],
    remises: [{ CODE_CLIENT: 'C1', REMISE_GLOBAL: '12,5', REMISE_N: '' }, { CODE_CLIENT: 'C1', REMISE_GLOBAL: 'douze' }, { REMISE_N: '1' }],
    clients: [
      { CODE_CLIENT: 'C1', NAME: 'Café Atlas', GSM: '98123456' },
      { CODE_CLIENT: 'C2', NAME: '', GSM: '123' },
    ],
    products: [{ REF: 'P-1', LABEL: 'Eau', LABEL_AR: 'ماء', CODE_CATEGORIE: 'BOI', PRICE_HT: '1.000', PRICE_TTC: '0.900', QTE: '1' }],
  };
  for (const [kind, rows] of Object.entries(samples) as [keyof typeof samples, Record<string, string>[]][]) {
    it(`gives the same verdicts as the whole-row rules (${kind}), rows repeated or not`, () => {
      const check = syncRowValidator(kind);
      for (const cells of [...rows, ...rows]) {
        const memo = check(cells);
        const whole = validateSyncRow(kind, cells);
        expect(memo.ok).toBe(whole.ok);
        if (memo.ok && whole.ok)
          expect(Object.entries(memo.value).filter(([, v]) => v !== undefined)).toEqual(Object.entries(whole.value).filter(([, v]) => v !== undefined));
        expect(errorsOf(memo).sort((a, b) => a.field.localeCompare(b.field))).toEqual(errorsOf(whole).sort((a, b) => a.field.localeCompare(b.field)));
      }
    });
  }
});
