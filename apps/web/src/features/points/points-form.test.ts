import { MSG, POINTS_MESSAGES } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { checkCodesFile, filterSignedInteger, offerFileData, offerFileForm, pointsEditForm, splitFileErrors } from './points-form';

describe('points edit form', () => {
  const form = pointsEditForm(40);
  const message = (v: unknown) => form.safeParse({ POINTS: v }).error?.issues[0]?.message;

  it('refuses empty and 0 with « Valeur non prise en compte »', () => {
    expect(message('')).toBe(POINTS_MESSAGES.notTaken);
    expect(message('0')).toBe(POINTS_MESSAGES.notTaken);
  });
  it('takes a positive or negative whole number, never below a zero balance', () => {
    expect(form.parse({ POINTS: '25', REASON: 'Geste commercial' })).toEqual({ POINTS: 25, REASON: 'Geste commercial' });
    expect(form.parse({ POINTS: '-40' })).toEqual({ POINTS: -40 });
    expect(message('-41')).toBe(POINTS_MESSAGES.insufficient);
  });
  it('filters keystrokes to a signed whole number', () => {
    expect(filterSignedInteger('-2a5.0')).toBe('-250');
    expect(filterSignedInteger('1-2')).toBe('12');
    expect(filterSignedInteger('--3')).toBe('-3');
  });
});

describe('client codes file (CSV only)', () => {
  const file = (name: string, type: string, size = 10) => ({ name, type, size });
  it('accepts .csv and .txt declared as text/csv or text/plain', () => {
    expect(checkCodesFile(file('codes.csv', 'text/csv'))).toBeNull();
    expect(checkCodesFile(file('codes.txt', 'text/plain'))).toBeNull();
    // Windows with Excel declares CSV files this way.
    expect(checkCodesFile(file('codes.csv', 'application/vnd.ms-excel'))).toBeNull();
  });
  it('refuses other extensions or types, empty files and files over 5 MB', () => {
    expect(checkCodesFile(file('codes.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'))).toBe(MSG.fileType);
    expect(checkCodesFile(file('codes.exe', 'text/plain'))).toBe(MSG.fileType);
    expect(checkCodesFile(file('codes.csv', 'image/png'))).toBe(MSG.fileType);
    expect(checkCodesFile(file('codes.txt', 'application/vnd.ms-excel'))).toBe(MSG.fileType);
    expect(checkCodesFile(file('codes.csv', 'text/csv', 5_242_881))).toBe(MSG.fileSize);
    expect(checkCodesFile(file('codes.csv', 'text/csv', 0))).toBe(MSG.fileEmpty);
  });
  it('sends POINTS_OFFERED and CLIENTS_FILE as form data', () => {
    const csv = new File(['C0001\nC0002\n'], 'codes.csv', { type: 'text/csv' });
    const data = offerFileData(offerFileForm.parse({ POINTS_OFFERED: '15', CLIENTS_FILE: csv }));
    expect(data.get('POINTS_OFFERED')).toBe('15');
    expect((data.get('CLIENTS_FILE') as File).name).toBe('codes.csv');
    expect(offerFileForm.safeParse({ POINTS_OFFERED: '15', CLIENTS_FILE: null }).error?.issues[0]?.message).toBe(MSG.fileRequired);
  });
  it('lists the server’s per-line errors in line order, apart from the fields’ errors', () => {
    const { lines, fields } = splitFileErrors({
      'CLIENTS_FILE.ligne 12': ['X9 : Code client introuvable.'],
      'CLIENTS_FILE.ligne 3': ['C1 : Code en double (déjà à la ligne 2).'],
      POINTS_OFFERED: ['Nombre invalide'],
    });
    expect(lines).toEqual([
      { line: 3, text: 'Ligne 3 : C1 : Code en double (déjà à la ligne 2).' },
      { line: 12, text: 'Ligne 12 : X9 : Code client introuvable.' },
    ]);
    expect(fields).toEqual([['POINTS_OFFERED', 'Nombre invalide']]);
  });
});
