import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertServerConfig, ConfigError, isLoopback, loadConfig } from '../../src/config';
import { type DbHandle, openDatabase } from '../../src/db/client';
import { ensureAdmin } from '../../src/db/seed-accounts';
import { seedDemoIfEmpty } from '../../src/modules';
import { verifyPassword } from '../../src/lib/password';
import { users } from '../../src/lib/auth/accounts.table';
import { clientActivities, clientTypes } from '../../src/lib/clients/classification.table';

describe('configuration', () => {
  it('names the wrong variable in one line', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ PORT: 'abc' }, /^Configuration invalide : PORT /],
      [{ CAPTCHA: 'maybe' }, /^Configuration invalide : CAPTCHA /],
      [{ APP_CAPTCHA: 'maybe' }, /^Configuration invalide : APP_CAPTCHA /],
      [{ APP_RATE_PER_MINUTE: '-1' }, /^Configuration invalide : APP_RATE_PER_MINUTE /],
      [{ DATABASE_URL: 'mysql://x' }, /^Configuration invalide : DATABASE_URL /],
      [{ SMTP_URL: 'http://x' }, /^Configuration invalide : SMTP_URL /],
      [{ DEMO_PASSWORD: 'short' }, /^Configuration invalide : DEMO_PASSWORD /],
      [{ TRUST_PROXY: 'true' }, /^Configuration invalide : TRUST_PROXY /],
      [{ PUBLIC_URL: 'fidelite.tn' }, /^Configuration invalide : PUBLIC_URL /],
      [{ DEMO_DATA: 'oui' }, /^Configuration invalide : DEMO_DATA doit valoir true ou false$/],
      [{ DEMO_PUBLIC: '1' }, /^Configuration invalide : DEMO_PUBLIC doit valoir true ou false$/],
      [{ DEMO_DATA: 'true', DATABASE_URL: 'postgres://h/db' }, /^Configuration invalide : DEMO_DATA=true ne va pas avec DATABASE_URL /],
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    }
  });
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, CAPTCHA: 'altcha', DEMO_PASSWORD: 'Demo1234!', TRUST_PROXY: false });
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    // The app's captcha follows CAPTCHA unless set (plugins/captcha.ts appCaptchaFor).
    expect(c.APP_CAPTCHA).toBeUndefined();
    expect(c.APP_RATE_PER_MINUTE).toBe(300);
  });
});

describe('demo accounts and the listening address', () => {
  const server = (env: Record<string, string>) => assertServerConfig(loadConfig({ CAPTCHA_SECRET: 'secret-de-test-0123456789', ...env }));

  it('listens on loopback by default when the embedded database gets the demo, on every interface otherwise', () => {
    // npm start and npm run dev on a laptop: the demo, on this machine only.
    expect(loadConfig({})).toMatchObject({ HOST: '127.0.0.1', DEMO_DATA: true, DEMO_PUBLIC: false });
    // PostgreSQL never gets the demo; production (the image) does not unless asked.
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db' })).toMatchObject({ HOST: '0.0.0.0', DEMO_DATA: false });
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ HOST: '0.0.0.0', DEMO_DATA: false });
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' })).toMatchObject({ HOST: '127.0.0.1', DEMO_DATA: true });
    expect(loadConfig({ DEMO_DATA: 'false' })).toMatchObject({ HOST: '0.0.0.0', DEMO_DATA: false });
    expect(loadConfig({ HOST: '192.168.1.20', DEMO_DATA: 'false' }).HOST).toBe('192.168.1.20');
  });

  it('refuses the demo on an address other than loopback, in one line naming HOST and DEMO_PUBLIC, unless DEMO_PUBLIC=true', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'fidelite.example.tn']) {
      expect(() => server({ HOST: host })).toThrow(ConfigError);
      expect(() => server({ HOST: host })).toThrow(new RegExp(`^Configuration invalide : HOST ${host.replaceAll('.', '\\.')} [^\n]*DEMO_PUBLIC=true[^\n]*$`));
      expect(() => server({ HOST: host, DEMO_PUBLIC: 'true' })).not.toThrow();
      // Without the demo (DEMO_DATA=false, PostgreSQL) any address goes; server.ts then checks the data.
      expect(() => server({ HOST: host, DEMO_DATA: 'false' })).not.toThrow();
      expect(() => server({ HOST: host, DATABASE_URL: 'postgres://h/db' })).not.toThrow();
    }
    for (const host of ['127.0.0.1', '127.0.1.1', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', 'localhost', 'LOCALHOST']) {
      expect(isLoopback(host), host).toBe(true);
      expect(() => server({ HOST: host })).not.toThrow();
    }
    for (const host of ['0.0.0.0', '::', '10.0.0.1', '128.0.0.1', '::2', 'localhost.example.tn']) expect(isLoopback(host), host).toBe(false);
  });
});

describe('first start', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openDatabase({});
    await h.migrate();
  });
  afterAll(() => h.close());

  it('refuses to create no admin, then creates one from ADMIN_EMAIL/ADMIN_PASSWORD, once', async () => {
    expect(await ensureAdmin(h.db, undefined, undefined)).toBe('missing');
    expect(await ensureAdmin(h.db, 'Boss@Fidelite.tn', 'Secret-2025')).toBe('created');
    const [admin] = await h.db.select().from(users).where(eq(users.email, 'boss@fidelite.tn'));
    expect(await verifyPassword('Secret-2025', admin.passwordHash)).toBe(true);
    expect(await ensureAdmin(h.db, undefined, undefined)).toBe('exists');
  });

  it('seeds demo data only into an empty database', async () => {
    const fresh = await openDatabase({});
    await fresh.migrate();
    expect(await seedDemoIfEmpty(fresh.db, 'Demo1234!')).toBe(true);
    expect((await fresh.db.select().from(clientTypes)).length).toBeGreaterThan(3);
    expect((await fresh.db.select().from(clientActivities)).length).toBeGreaterThan(5);
    expect(await seedDemoIfEmpty(fresh.db, 'Demo1234!')).toBe(false);
    await fresh.close();
    // The database above already has an admin: no demo data there.
    expect(await seedDemoIfEmpty(h.db, 'Demo1234!')).toBe(false);
    // A new embedded database and the whole demo: 15 s alone, past 30 s under a loaded run.
  }, 120_000);
});
