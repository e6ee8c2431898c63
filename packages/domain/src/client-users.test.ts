import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { redirectFor } from './permissions';
import { MSG } from './messages';
import { birthday, CLIENT_USER_MSG, CLIENT_USER_TABS, clientOptionLabel, clientUserBody, clientUserListQuery, clientUserName } from './staff';

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

const user = {
  LASTNAME: ' Trabelsi ',
  FIRSTNAME: 'Nadia',
  EMAIL: 'Nadia@Client.TN',
  GSM: '+21655123456',
  CLIENT_ID: '12',
  BIRTHDAY: '1988-11-03',
  GENDER: 'Mme',
};

describe('client user', () => {
  it('requires names, email, GSM, client, birthday and gender; governorate and role optional; active by default', () => {
    expect(clientUserBody.parse(user)).toEqual({
      LASTNAME: 'Trabelsi',
      FIRSTNAME: 'Nadia',
      EMAIL: 'nadia@client.tn',
      GSM: '+21655123456',
      CLIENT_ID: 12,
      BIRTHDAY: '1988-11-03',
      GENDER: 'Mme',
      GOUVERNORAT: null,
      ROLE_ID: null,
      STATUS: 1,
    });
    expect(errors(clientUserBody, {})).toEqual({
      LASTNAME: [MSG.required],
      FIRSTNAME: [MSG.required],
      EMAIL: [MSG.emailRequired],
      GSM: [MSG.required],
      CLIENT_ID: [MSG.required],
      BIRTHDAY: [MSG.required],
      GENDER: [MSG.required],
    });
    expect(errors(clientUserBody, { ...user, CLIENT_ID: null, GENDER: '', BIRTHDAY: '' })).toEqual({
      CLIENT_ID: [MSG.required],
      GENDER: [MSG.required],
      BIRTHDAY: [MSG.required],
    });
  });

  it('GSM: at least 8 digits or a plus; gender M. or Mme; a known governorate', () => {
    expect(errors(clientUserBody, { ...user, GSM: '1234567' })).toEqual({ GSM: [MSG.phone] });
    expect(errors(clientUserBody, { ...user, GSM: '12345678' })).toEqual({});
    expect(errors(clientUserBody, { ...user, GENDER: 'Mlle' })).toEqual({ GENDER: [CLIENT_USER_MSG.gender] });
    expect(clientUserBody.parse({ ...user, GENDER: 'M.', GOUVERNORAT: 'Béja' })).toMatchObject({ GENDER: 'M.', GOUVERNORAT: 'Béja' });
    expect(clientUserBody.parse({ ...user, GOUVERNORAT: '' }).GOUVERNORAT).toBeNull();
    expect(errors(clientUserBody, { ...user, GOUVERNORAT: 'Paris' })).toEqual({ GOUVERNORAT: ['Gouvernorat inconnu.'] });
  });

  it('birthday: sent YYYY-MM-DD, a real day, not in the future', () => {
    expect(birthday().parse('2000-02-29')).toBe('2000-02-29');
    expect(errors(birthday(), '1999-02-29')).toEqual({ '': [CLIENT_USER_MSG.date] });
    expect(errors(birthday(), '03/11/1988')).toEqual({ '': [CLIENT_USER_MSG.date] });
    expect(errors(birthday(), '1899-12-31')).toEqual({ '': [CLIENT_USER_MSG.date] });
    expect(errors(birthday(), `${new Date().getFullYear() + 1}-01-01`)).toEqual({ '': [CLIENT_USER_MSG.birthdayFuture] });
  });

  it('tabs: Équipe is STATUS 1, Demandes STATUS 0; the list query takes only those', () => {
    expect(CLIENT_USER_TABS.map((t) => [t.label, t.status])).toEqual([
      ['Équipe', 1],
      ['Demandes', 0],
    ]);
    expect(clientUserListQuery.parse({ status: '0', page: '1' })).toMatchObject({ status: 0, page: 1 });
    expect(clientUserListQuery.safeParse({ status: '2' }).success).toBe(false);
  });

  it('names: last name first; a client as CODE_CLIENT NAME', () => {
    expect(clientUserName({ FIRSTNAME: 'Nadia', LASTNAME: 'Trabelsi' })).toBe('Trabelsi Nadia');
    expect(clientOptionLabel({ CODE_CLIENT: 'C-100', NAME: 'Épicerie Zitouna' })).toBe('C-100 Épicerie Zitouna');
  });

  it('chefZone opening the users listing is sent to /layout; admin opens it', () => {
    expect(redirectFor('chefZone', '/layout/contacts/users')).toBe('/layout');
    expect(redirectFor('admin', '/layout/contacts/users')).toBeNull();
  });
});
