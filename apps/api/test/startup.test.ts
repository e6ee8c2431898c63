import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { type DbHandle, openDatabase } from '../src/db/client';
import { ensureAdmin } from '../src/db/seed-accounts';
import { seedDemoIfEmpty } from '../src/modules';
import { verifyPassword } from '../src/lib/password';
import { users } from '../src/lib/auth/accounts.table';
import { clientActivities, clientTypes } from '../src/modules/classification/classification.table';

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
