import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MSG } from './messages';
import { backOfficeUserBody, backOfficeUserUpdateBody, emailUniqueBody, fullName, STAFF_MSG, zoneChiefBody, zoneChiefUpdateBody } from './staff';

const errors = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) {
    const key = i.path.join('.');
    out[key] = [...(out[key] ?? []), i.message];
  }
  return out;
};

const chief = {
  CODE_CHEF_ZONE: ' CZ-NORD ',
  FIRSTNAME: 'Sana',
  LASTNAME: 'Ben Ali',
  EMAIL: 'Sana.BenAli@Demo.tn',
  GSM: '+21698111222',
  PASSWORD: 'Secret123',
};

describe('zone chief', () => {
  it('requires the code and the password on creation; trims, lower-cases the email and defaults to active', () => {
    expect(zoneChiefBody.parse(chief)).toEqual({
      CODE_CHEF_ZONE: 'CZ-NORD',
      FIRSTNAME: 'Sana',
      LASTNAME: 'Ben Ali',
      EMAIL: 'sana.benali@demo.tn',
      GSM: '+21698111222',
      PASSWORD: 'Secret123',
      TYPE_CLIENT_ID: null,
      STATUS: 1,
    });
    const { CODE_CHEF_ZONE: _c, PASSWORD: _p, ...rest } = chief;
    expect(errors(zoneChiefBody, rest)).toEqual({ CODE_CHEF_ZONE: [MSG.required], PASSWORD: [MSG.required] });
    expect(errors(zoneChiefBody, { ...chief, CODE_CHEF_ZONE: '   ' })).toEqual({ CODE_CHEF_ZONE: [MSG.blank] });
  });

  it('wants a password of at least 8 characters', () => {
    expect(errors(zoneChiefBody, { ...chief, PASSWORD: 'court' })).toEqual({ PASSWORD: [MSG.passwordMin] });
    expect(errors(zoneChiefBody, { ...chief, PASSWORD: '' })).toEqual({ PASSWORD: [MSG.required] });
    expect(errors(zoneChiefBody, { ...chief, PASSWORD: '12345678' })).toEqual({});
  });

  it('takes a GSM of at least 8 digits with at most a leading plus', () => {
    for (const GSM of ['12345678', '+21612345678', '216123456789']) expect(errors(zoneChiefBody, { ...chief, GSM })).toEqual({});
    for (const GSM of ['1234567', '12 34 56 78', '216+12345678', 'abcdefgh']) expect(errors(zoneChiefBody, { ...chief, GSM })).toEqual({ GSM: [MSG.phone] });
  });

  it('checks names, email and status', () => {
    expect(errors(zoneChiefBody, { ...chief, FIRSTNAME: '', LASTNAME: ' ', EMAIL: 'x@y', STATUS: 2 })).toEqual({
      FIRSTNAME: [MSG.required],
      LASTNAME: [MSG.blank],
      EMAIL: [MSG.email],
      STATUS: ['Valeur 0 ou 1 attendue.'],
    });
    expect(zoneChiefBody.parse({ ...chief, STATUS: false, TYPE_CLIENT_ID: '3' })).toMatchObject({ STATUS: 0, TYPE_CLIENT_ID: 3 });
  });

  it('edit: no password, neither required nor kept', () => {
    const { PASSWORD: _p, ...rest } = chief;
    expect(errors(zoneChiefUpdateBody, rest)).toEqual({});
    expect(zoneChiefUpdateBody.parse(chief)).not.toHaveProperty('PASSWORD');
    expect(errors(zoneChiefUpdateBody, { ...rest, CODE_CHEF_ZONE: '' })).toEqual({ CODE_CHEF_ZONE: [MSG.required] });
  });
});

const user = { LASTNAME: 'Haddad', FIRSTNAME: 'Nour', EMAIL: 'nour@demo.tn', GSM: '22123456', PASSWORD: 'Secret123' };

describe('back-office user', () => {
  it('role and company optional, password required on creation', () => {
    expect(backOfficeUserBody.parse(user)).toEqual({ ...user, ROLE_ID: null, TYPE_CLIENT_ID: null, STATUS: 1 });
    const { PASSWORD: _p, ...rest } = user;
    expect(errors(backOfficeUserBody, rest)).toEqual({ PASSWORD: [MSG.required] });
    expect(errors(backOfficeUserBody, { ...user, PASSWORD: 'abc' })).toEqual({ PASSWORD: [MSG.passwordMin] });
  });

  it('requires the names, a valid email and a phone', () => {
    expect(errors(backOfficeUserBody, { PASSWORD: 'Secret123' })).toEqual({
      LASTNAME: [MSG.required],
      FIRSTNAME: [MSG.required],
      EMAIL: [MSG.emailRequired],
      GSM: [MSG.required],
    });
    expect(errors(backOfficeUserBody, { ...user, GSM: '123' })).toEqual({ GSM: [MSG.phone] });
  });

  it('edit: the password is not part of the body', () => {
    const { PASSWORD: _p, ...rest } = user;
    expect(errors(backOfficeUserUpdateBody, rest)).toEqual({});
    expect(backOfficeUserUpdateBody.parse(user)).not.toHaveProperty('PASSWORD');
  });
});

describe('email uniqueness check and helpers', () => {
  it('validates the email and takes an optional user id to ignore', () => {
    expect(emailUniqueBody.parse({ email: 'A@B.tn' })).toEqual({ email: 'a@b.tn' });
    expect(emailUniqueBody.parse({ email: 'a@b.tn', ignore: '4' })).toEqual({ email: 'a@b.tn', ignore: 4 });
    expect(errors(emailUniqueBody, { email: 'a@b' })).toEqual({ email: [MSG.email] });
  });
  it('names people and counts clients in French', () => {
    expect(fullName({ FIRSTNAME: 'Karim', LASTNAME: 'Trabelsi' })).toBe('Karim Trabelsi');
    expect(fullName({ FIRSTNAME: '', LASTNAME: 'Trabelsi' })).toBe('Trabelsi');
    expect(STAFF_MSG.chiefHasClients(1)).toContain('1 client.');
    expect(STAFF_MSG.chiefHasClients(3)).toContain('3 clients');
  });
});
