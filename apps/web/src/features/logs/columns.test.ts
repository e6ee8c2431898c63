import { AUDIT_ENTITIES, type AuditEntry, auditTrailMeta, type ConnectionLog, logsMeta } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { cellText, labelProblems, sortKeyProblems } from '../../components/data-table/columns';
import { AUDIT_ACTION_OPTIONS, AUDIT_ENTITY_OPTIONS, auditColumns, logColumns } from './columns';

const log: ConnectionLog = {
  id: 1,
  PLATFORM: 'Application Mobile',
  DEVICE_NAME: 'iPhone 13',
  DEVICE_ID: null,
  IP: null,
  CLIENT_ID: 4,
  CLIENT: 'Superette Ennour',
  USER_ID: 9,
  USER: 'Sami Trabelsi',
  DATE_LOGIN: '2025-03-10T09:30:00.000Z',
};

describe('log columns', () => {
  it('lists platform, device, client, user and date, the client and user drawn by the screen', () => {
    const cols = logColumns({ client: (l) => `client:${l.CLIENT_ID}`, user: (l) => `user:${l.USER_ID}` });
    expect(cols.map((c) => c.header)).toEqual(['Plateforme', 'Appareil', 'Client', 'Utilisateur', 'Date']);
    expect(cols.filter((c) => c.render).map((c) => c.render!(log))).toEqual(['client:4', 'user:9']);
    expect(cellText(cols[4], log)).toMatch(/^10\/03\/2025 à \d\d:30$/);
  });
  it('audit columns: date, user, action, entity, id, changes', () => {
    const cols = auditColumns({ action: () => '', changes: () => '', user: () => '' });
    expect(cols.map((c) => c.field)).toEqual(['AT', 'USER_EMAIL', 'ACTION', 'ENTITY', 'ENTITY_ID', 'CHANGES']);
    const entry = { ENTITY: 'clients_circuits' } as AuditEntry;
    expect(cols[3].render!(entry)).toBe('Circuits clients');
  });
  it('audit entity filter: all, then every entity by its French label, alphabetically', () => {
    expect(AUDIT_ENTITY_OPTIONS[0]).toEqual({ label: 'Toutes les entités', value: 'all' });
    const rest = AUDIT_ENTITY_OPTIONS.slice(1);
    expect(rest.map((o) => o.value).sort()).toEqual([...AUDIT_ENTITIES].sort());
    expect(rest).toContainEqual({ label: 'Circuits clients', value: 'clients_circuits' });
    expect(rest).toContainEqual({ label: 'Clients', value: 'clients' });
    expect(rest.map((o) => o.label)).toEqual(rest.map((o) => o.label).sort((a, b) => a.localeCompare(b, 'fr')));
    expect(rest.every((o) => o.label !== o.value)).toBe(true);
  });
  it('audit action filter: all, the security events together, then each action by its French label', () => {
    expect(AUDIT_ACTION_OPTIONS.slice(0, 2)).toEqual([
      { label: 'Toutes les actions', value: 'all' },
      { label: 'Sécurité (tous les événements)', value: 'security' },
    ]);
    const labels = Object.fromEntries(AUDIT_ACTION_OPTIONS.map((o) => [o.value, o.label]));
    expect(labels).toMatchObject({
      update: 'Modification',
      login: 'Connexion',
      login_failed: 'Connexion refusée',
      login_locked: 'Connexion bloquée',
      logout: 'Déconnexion',
      reset_code_sent: 'Code de réinitialisation envoyé',
      reset_code_failed: 'Code de réinitialisation refusé',
      password_reset: 'Mot de passe réinitialisé',
      email_changed: 'E-mail modifié',
      invitation: 'Invitation',
      badge_mail: 'Envoi de badge',
    });
    // Every code has a label of its own, none shown raw.
    expect(AUDIT_ACTION_OPTIONS.every((o) => o.label !== o.value)).toBe(true);
  });
});

describe('sort keys (the API’s, from the domain’s resource metadata)', () => {
  it('sorts only on keys the API sorts on, by a default it knows', () => {
    expect(sortKeyProblems(logColumns({ client: () => '', user: () => '' }), logsMeta)).toEqual([]);
    expect(labelProblems(logColumns({ client: () => '', user: () => '' }), logsMeta)).toEqual([]);
    expect(sortKeyProblems(auditColumns({ action: () => '', changes: () => '', user: () => '' }), auditTrailMeta)).toEqual([]);
    expect(labelProblems(auditColumns({ action: () => '', changes: () => '', user: () => '' }), auditTrailMeta)).toEqual([]);
  });
});
