import { existsSync, statSync } from 'node:fs';
import { isIPv4, isIPv6 } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { APP_REFRESH_MAX_DAYS } from '@app/domain';
import { checkKey } from './lib/storage/storage';

/** SESSION_IDLE_MINUTES when unset. */
export const SESSION_IDLE_DEFAULT = 120;

/**
 * Environment, validated once at start. A wrong value stops the server with one line naming the
 * variable (see server.ts). Documented in docs/configuration.md and .env.example.
 */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Address the server listens on. Unset: 127.0.0.1 when the embedded database gets the demo accounts
   * (DEMO_DATA), whose password is public, so a trial on a laptop is not open to its network; 0.0.0.0
   * otherwise (PostgreSQL, an image, a real deployment). See assertServerConfig for DEMO_PUBLIC.
   */
  HOST: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(253, 'doit être une adresse ou un nom d’hôte').optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'doit commencer par postgres:// ou postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * PostgreSQL connections each node keeps open at most. Every signed-in call takes one for its session
   * check and the list pages take two at once (rows beside count): a call waits in the pool queue when
   * they are all busy, behind slower searches. Nodes × this must stay under the server's max_connections.
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(200).default(10),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'doit commencer par smtp:// ou smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Programme Fidélité <no-reply@fidelite.tn>'),
  CAPTCHA: z.enum(['altcha', 'off']).default('altcha'),
  /**
   * The captcha of the mobile app's sign-in and registration (optional for the app by
   * setting): altcha or off; unset, it follows CAPTCHA.
   */
  APP_CAPTCHA: z
    .enum(['altcha', 'off'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Calls an app user may make per minute, counted in PostgreSQL for every node; 0 = no limit. */
  APP_RATE_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(300),
  /** Days a mobile-app token family lasts at most, however often it is refreshed (1 to 3650): then the app signs in again. */
  APP_REFRESH_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(APP_REFRESH_MAX_DAYS),
  /**
   * Password hashes that may wait for one of the few hashing slots (lib/password.ts) before a sign-in
   * or password change is answered 503 with Retry-After: 0 to 1000 (0 = none waits).
   */
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(1000).default(16),
  DEMO_PASSWORD: z.string().min(8, 'au moins 8 caractères').default('Demo1234!'),
  /**
   * Demo data (and its demo accounts) in an empty embedded database: true or false; unset, true outside
   * production and false with NODE_ENV=production (the image), whose first start then wants
   * ADMIN_EMAIL/ADMIN_PASSWORD as on PostgreSQL. Never with DATABASE_URL.
   */
  DEMO_DATA: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['true', 'false'], 'doit valoir true ou false').optional()),
  /**
   * true: the demo accounts may be served on an address other than loopback (a shared demo, knowingly).
   * Otherwise a server whose accounts include the demo ones with DEMO_PASSWORD refuses such a HOST.
   */
  DEMO_PUBLIC: z
    .enum(['true', 'false'], 'doit valoir true ou false')
    .default('false')
    .transform((v) => v === 'true'),
  ADMIN_EMAIL: z
    .string()
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z
    .string()
    .min(8, 'au moins 8 caractères')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CONTACT_EMAIL: z.string().email().default('contact@fidelite.tn'),
  /** The company printed on exit slips (bons de sortie), with its tax number (matricule fiscal). */
  COMPANY_NAME: z.string().min(1).max(120).default('Programme Fidélité SA'),
  COMPANY_TAX_ID: z.string().min(1).max(40).default('0000000/A/M/000'),
  /**
   * Reverse proxy in front of the server: 'false' (default: the socket address is the client IP),
   * a hop count, or a comma-separated list of proxy addresses. Never 'true': any client could then
   * forge X-Forwarded-For and escape the per-IP sign-in lock.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(false|\d{1,2}|[0-9a-fA-F:.,/ ]+)$/, 'doit valoir false, un nombre de proxys ou des adresses séparées par des virgules')
    .default('false')
    .transform((v): boolean | number | string => (v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v)),
  /**
   * Address of the web app as users reach it (e.g. https://fidelite.example.tn), for links in mails.
   * Unset: the address the request came in on (behind a proxy, with TRUST_PROXY).
   */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, 'doit être une adresse http:// ou https://')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Secret for captcha challenges; generated per start when unset (challenges then die with the process). */
  CAPTCHA_SECRET: z
    .string()
    .min(16)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The OpenAPI document and UI at /api/docs: public (default) or private (a staff session). */
  API_DOCS: z.enum(['public', 'private']).default('public'),
  /**
   * Minutes without a request after which a back-office session ends, besides the
   * 12-hour limit of every session. Whole minutes, 5 to 1440.
   */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(1440).default(SESSION_IDLE_DEFAULT),
  /**
   * How long a node may keep a session it has checked instead of reading it again at each call
   * (lib/auth/session-cache.ts); a change to a session, its user or its role makes every node forget it.
   * 0 = read it at every call. Seconds, 0 to 300.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /**
   * Background exports (`job=1`) one user may have running at once, counted in the database over every
   * node; one more is answered 429 (lib/exports/jobs). 1 to 100.
   */
  EXPORT_JOBS_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
  /** Background exports one node (API process) writes at once, whoever asked; one more is answered 429. 1 to 100. */
  EXPORT_JOBS_PER_NODE: z.coerce.number().int().min(1).max(100).default(4),
  /**
   * Folder where the ERP drops the synchronisation files; unset = DATA_DIR/sync. With
   * S3_BUCKET, a prefix of the bucket instead (unset = `sync/`).
   */
  SYNC_DIR: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * An S3-compatible object store for every file: set S3_BUCKET and the files go there
   * instead of DATA_DIR (media under `uploads/`, sync uploads under `sync-uploads/`, the ERP's files
   * under SYNC_DIR). Without keys the SDK's own chain applies (AWS_* variables, an instance role).
   */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'doit être un nom de bucket (3 à 63 caractères : minuscules, chiffres, point, tiret)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^\s/]+\/?$/, 'doit être une adresse http:// ou https:// sans chemin (ex. https://s3.fr-par.scw.cloud)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'doit être un nom de région (ex. eu-west-3, auto)')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z
    .string()
    .min(1)
    .max(256)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .min(1)
    .max(256)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** MinIO and most self-hosted stores want path-style URLs (endpoint/bucket/key). */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], 'doit valoir true ou false')
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Webhooks to http:// and to private, loopback or link-local addresses: refused unless
   * true (tests and local runs). Checked when an endpoint is saved and again at each delivery.
   */
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(['true', 'false'], 'doit valoir true ou false')
    .default('false')
    .transform((v) => v === 'true'),
});

/** Where the files live: folders under DATA_DIR, or prefixes of one bucket. */
export type StorageConfig =
  | { kind: 'local'; dataDir: string; syncDir: string }
  | {
      kind: 's3';
      bucket: string;
      endpoint?: string;
      region: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
      syncPrefix: string;
    };

/**
 * `syncDir`: the ERP's drop folder on disk, or with S3 its prefix in the bucket. HOST and DEMO_DATA as
 * resolved from their defaults (resolveDemo).
 */
export type Config = Omit<z.infer<typeof schema>, 'HOST' | 'DEMO_DATA'> & {
  HOST: string;
  DEMO_DATA: boolean;
  dataDir: string;
  webDist: string | null;
  syncDir: string;
  storage: StorageConfig;
};

export class ConfigError extends Error {}

/** The folder npm was started from (npm runs the server from apps/api): relative settings start there. */
const launchDir = (env: Record<string, string | undefined>) => env.INIT_CWD ?? process.cwd();

/**
 * Loads the `.env` of the launch folder into process.env, when there is one, before loadConfig reads
 * it. A variable already in the environment keeps its value (process.loadEnvFile never overwrites
 * one): what the deployment sets wins over a file left on the disk. Skipped under NODE_ENV=test (set
 * by the test runner and inherited by the servers tests start), so a developer's `.env`, with its
 * DATABASE_URL, never reaches a test. Returns the file loaded, or null.
 */
export function loadEnvFile(env: Record<string, string | undefined> = process.env): string | null {
  const file = path.resolve(launchDir(env), '.env');
  if (env.NODE_ENV === 'test' || !existsSync(file)) return null;
  try {
    process.loadEnvFile(file);
  } catch (e) {
    throw new ConfigError(`Configuration invalide : ${file} illisible (${(e as Error).message})`);
  }
  return file;
}

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Configuration invalide : ${String(issue.path[0])} ${issue.message}`);
  }
  const c = { ...parsed.data, ...resolveDemo(parsed.data, env) };
  const dataDir = path.resolve(launchDir(env), c.DATA_DIR);
  if (c.S3_BUCKET) {
    const storage = s3Storage(c);
    return { ...c, dataDir, syncDir: storage.syncPrefix, webDist: null, storage, ...overrides };
  }
  const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).find((k) => c[k]);
  if (stray) throw new ConfigError(`Configuration invalide : ${stray} est donné sans S3_BUCKET`);
  const syncDir = c.SYNC_DIR ? path.resolve(launchDir(env), c.SYNC_DIR) : path.join(dataDir, 'sync');
  if (existsSync(syncDir) && !statSync(syncDir).isDirectory()) throw new ConfigError(`Configuration invalide : SYNC_DIR ${syncDir} n'est pas un dossier`);
  // DATA_DIR/uploads is served to anyone: the ERP's files must never land there.
  const fromUploads = path.relative(path.join(dataDir, 'uploads'), syncDir);
  if (!path.isAbsolute(fromUploads) && fromUploads !== '..' && !fromUploads.startsWith(`..${path.sep}`)) {
    throw new ConfigError(`Configuration invalide : SYNC_DIR ${syncDir} est dans le dossier public des fichiers envoyés (DATA_DIR/uploads)`);
  }
  return {
    ...c,
    dataDir,
    syncDir,
    webDist: null,
    storage: { kind: 'local', dataDir, syncDir },
    ...overrides,
  };
}

/**
 * DEMO_DATA and HOST from their defaults: demo data only in the embedded database (asked for with
 * DATABASE_URL, it is refused rather than ignored), by default outside production; and loopback by
 * default whenever the demo accounts are seeded.
 */
function resolveDemo(c: z.infer<typeof schema>, env: Record<string, string | undefined>): { DEMO_DATA: boolean; HOST: string } {
  if (c.DATABASE_URL && c.DEMO_DATA === 'true') {
    throw new ConfigError(
      'Configuration invalide : DEMO_DATA=true ne va pas avec DATABASE_URL (les données de démonstration ne vont que dans la base embarquée)',
    );
  }
  const demo = !c.DATABASE_URL && (c.DEMO_DATA ? c.DEMO_DATA === 'true' : env.NODE_ENV !== 'production');
  return { DEMO_DATA: demo, HOST: c.HOST ?? (demo ? '127.0.0.1' : '0.0.0.0') };
}

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and localhost: only this machine reaches the server there. */
export function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  if (isIPv4(v4)) return v4.startsWith('127.');
  return isIPv6(h) && /^(0{0,4}:){7}0{0,3}1$|^::1$/.test(h);
}

/** The one line a server serving the demo accounts beyond this machine stops with. */
export const demoExposedMessage = (host: string) =>
  `Configuration invalide : HOST ${host} n'est pas une adresse locale et les comptes de démonstration (admin@demo.tn…) y répondraient au mot de passe DEMO_PASSWORD : laissez HOST vide ou à 127.0.0.1, ou mettez DEMO_PUBLIC=true pour les ouvrir au réseau sciemment`;

const validKey = (key: string) => {
  try {
    return !!checkKey(key);
  } catch {
    return false;
  }
};

/** The bucket's settings; SYNC_DIR is then a prefix of the bucket, outside the public media. */
function s3Storage(
  c: Pick<z.infer<typeof schema>, 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE' | 'SYNC_DIR'>,
): Extract<StorageConfig, { kind: 's3' }> {
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(`Configuration invalide : ${c.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'} manque (les deux clés vont ensemble)`);
  }
  const syncPrefix = `${(c.SYNC_DIR ?? 'sync').replace(/\/+$/, '')}/`;
  const segments = syncPrefix.slice(0, -1).split('/');
  if (!validKey(syncPrefix.slice(0, -1))) {
    throw new ConfigError(
      `Configuration invalide : SYNC_DIR ${c.SYNC_DIR} doit être un préfixe du bucket (ex. sync ou erp/depot), sans / au début ni segment vide ou commençant par un point`,
    );
  }
  // uploads/ is served to anyone and sync-uploads/ holds the files sent through the API.
  if (['uploads', 'sync-uploads'].includes(segments[0])) {
    throw new ConfigError(`Configuration invalide : SYNC_DIR ${c.SYNC_DIR} est dans un préfixe réservé du bucket (uploads/, sync-uploads/)`);
  }
  return {
    kind: 's3',
    bucket: c.S3_BUCKET!,
    endpoint: c.S3_ENDPOINT?.replace(/\/$/, ''),
    region: c.S3_REGION,
    accessKeyId: c.S3_ACCESS_KEY_ID,
    secretAccessKey: c.S3_SECRET_ACCESS_KEY,
    forcePathStyle: c.S3_FORCE_PATH_STYLE,
    syncPrefix,
  };
}

/**
 * What a server (not a script such as seed:large) needs on PostgreSQL: several nodes on one database must
 * sign captcha challenges with one secret, or a challenge issued by one node fails on the next.
 */
export function assertServerConfig(config: Pick<Config, 'DATABASE_URL' | 'CAPTCHA_SECRET' | 'DEMO_DATA' | 'DEMO_PUBLIC' | 'HOST'>): void {
  if (config.DATABASE_URL && !config.CAPTCHA_SECRET) {
    throw new ConfigError('Configuration invalide : CAPTCHA_SECRET est obligatoire avec DATABASE_URL (au moins 16 caractères, le même sur chaque nœud)');
  }
  // Refused before the database opens (and before any demo seed): the demo's accounts and password are public.
  if (config.DEMO_DATA && !config.DEMO_PUBLIC && !isLoopback(config.HOST)) throw new ConfigError(demoExposedMessage(config.HOST));
}
