import { describe, expect, it } from 'vitest';
import { errorPaths, firstStepWithError, footerButtons, serverFieldErrors, stepOfField } from './steps';

const steps = [
  { label: 'Identité', fields: ['CODE_CLIENT', 'NAME'] },
  { label: 'Gestion', fields: ['NUM_SIRET', 'BANK'] },
  { label: 'Adresse', fields: ['CITY'] },
];

describe('form steps', () => {
  it('shows Précédent / Suivant / Enregistrer by position and mode', () => {
    expect(footerButtons('add', 0, 3)).toEqual({ cancelLabel: 'Annuler', previous: false, next: true, save: false });
    expect(footerButtons('edit', 1, 3)).toEqual({ cancelLabel: 'Annuler', previous: true, next: true, save: false });
    expect(footerButtons('edit', 2, 3)).toEqual({ cancelLabel: 'Annuler', previous: true, next: false, save: true });
    expect(footerButtons('add', 0, 1)).toEqual({ cancelLabel: 'Annuler', previous: false, next: false, save: true });
  });

  it('never offers a save in view mode', () => {
    expect(footerButtons('view', 2, 3)).toMatchObject({ cancelLabel: 'Fermer', save: false, previous: true });
    expect(footerButtons('view', 0, 1).save).toBe(false);
  });

  it('finds the step owning a field, nested paths included', () => {
    expect(stepOfField(steps, 'NAME')).toBe(0);
    expect(stepOfField(steps, 'BANK.IBAN')).toBe(1);
    expect(stepOfField(steps, 'UNKNOWN')).toBe(-1);
  });

  it('goes to the earliest step with an error', () => {
    expect(firstStepWithError(steps, ['CITY', 'NUM_SIRET'])).toBe(1);
    expect(firstStepWithError(steps, ['OTHER'])).toBe(-1);
  });

  it('flattens form errors and server errors', () => {
    expect(errorPaths({ NAME: { type: 'too_small', message: 'x' }, BANK: { IBAN: { type: 'custom', message: 'y' } } })).toEqual(['NAME', 'BANK.IBAN']);
    expect(serverFieldErrors({ NAME: ['Nom Existe', 'autre'], CODE: [] })).toEqual([['NAME', 'Nom Existe']]);
    expect(serverFieldErrors(undefined)).toEqual([]);
  });
});
