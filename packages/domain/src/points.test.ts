import { describe, expect, it } from 'vitest';
import { CODE_FILE_MESSAGES, offerToClientsBody, parseClientCodes, POINTS_MESSAGES, pointsEditPrompt } from './points';

describe('points edit prompt (spec 1 §5)', () => {
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
