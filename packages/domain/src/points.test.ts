import { describe, expect, it } from 'vitest';
import { CODE_FILE_MESSAGES, offerEditBody, offerToClientsBody, parseClientCodes, POINTS_MESSAGES, pointsEditBody, pointsEditPrompt } from './points';

describe('points edit prompt', () => {
  it('says « Valeur non prise en compte » for empty or 0, and asks to confirm otherwise', () => {
    expect(pointsEditPrompt('', 40)).toEqual({ error: POINTS_MESSAGES.notTaken });
    expect(pointsEditPrompt(0, 40)).toEqual({ error: POINTS_MESSAGES.notTaken });
    expect(pointsEditPrompt('25', 40)).toEqual({ amount: 25, message: 'Voulez vous vraiment ajouter 25 au solde de: 40 points' });
  });
  it('allows negative corrections, never below a zero balance', () => {
    expect(pointsEditPrompt(-40, 40)).toMatchObject({ amount: -40 });
    expect(pointsEditPrompt(-41, 40)).toEqual({ error: POINTS_MESSAGES.insufficient });
    expect(pointsEditPrompt('1.5', 40)).toHaveProperty('error');
  });
});

describe('offered points', () => {
  it('needs positive points and at least one client', () => {
    expect(offerToClientsBody.safeParse({ POINTS_OFFERED: 10, CLIENTS: [1] }).success).toBe(true);
    expect(offerToClientsBody.safeParse({ POINTS_OFFERED: -10, CLIENTS: [1] }).success).toBe(false);
    expect(offerToClientsBody.safeParse({ POINTS_OFFERED: 10, CLIENTS: [] }).success).toBe(false);
  });
  it('reads codes from a CSV: first cell, header and blank lines skipped, duplicates by line', () => {
    const { codes, problems } = parseClientCodes('\uFEFFCode client;Nom\r\nC1;A\r\n\r\n"C2",B\nc1\n');
    expect(codes).toEqual([
      { line: 2, code: 'C1' },
      { line: 4, code: 'C2' },
    ]);
    expect(problems).toEqual([{ line: 5, code: 'c1', message: CODE_FILE_MESSAGES.duplicate(2) }]);
  });
});

/** Empty, blank, null, booleans and lists are not points (they were read as 0, 1 or 5). */
describe('points bodies refuse what is not a number', () => {
  const issues = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message);
  it.each(['', '   ', null])('an offered total of %j is « Valeur non prise en compte »', (v) =>
    expect(issues(offerEditBody.safeParse({ POINTS_OFFERED: v }))).toEqual([POINTS_MESSAGES.notTaken]),
  );
  it.each([false, true, [5], '1e3', '0x10', '1.0'])('an offered total of %j is refused', (v) =>
    expect(offerEditBody.safeParse({ POINTS_OFFERED: v }).success).toBe(false),
  );
  it.each([true, [5], '', ' ', null, 0, '0'])('a points edit of %j is refused', (v) => expect(pointsEditBody.safeParse({ POINTS: v }).success).toBe(false));
  it('digits from a form are read as the number they spell', () => {
    expect(offerEditBody.parse({ POINTS_OFFERED: '0' })).toEqual({ POINTS_OFFERED: 0 });
    expect(pointsEditBody.parse({ POINTS: '-15' }).POINTS).toBe(-15);
  });
});
