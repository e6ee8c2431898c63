import { randomBytes, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { HashThreads } from './hash-threads';
import { Limiter, LimiterFullError, type LimiterStats } from './limiter';

/**
 * scrypt runs on hashing threads of its own at a low priority (lib/hash-threads.ts), so a burst of
 * sign-ins yields to ordinary calls instead of taking a core from them. At most two hashes at once, never
 * more than the cores minus one (a hash is a second of pure CPU and 128 MiB); PASSWORD_HASH_QUEUE more
 * wait their turn (setPasswordHashQueue), and past that a call is refused at once (PasswordBusyError,
 * answered 503 with Retry-After) instead of waiting behind a burst for minutes.
 */
export const PASSWORD_HASH_CONCURRENCY = Math.max(1, Math.min(2, availableParallelism() - 1));
/** PASSWORD_HASH_QUEUE's default (config.ts). */
export const PASSWORD_HASH_QUEUE_DEFAULT = 16;
const hashes = new Limiter(PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE_DEFAULT);
const threads = new HashThreads(PASSWORD_HASH_CONCURRENCY);

/** The scheduling priority (nice) each started hashing thread obtained: HASH_THREAD_NICE (10) on Linux, 0 elsewhere. */
export const passwordHashThreadNice = () => threads.niceValues();

/** How many hashes may wait for a free slot (PASSWORD_HASH_QUEUE, set once by buildApp). */
export function setPasswordHashQueue(waiting: number): void {
  hashes.queue = waiting;
}

/** The hashing line: running, waiting, and how many hashes were started or refused since the start. */
export const passwordHashStats = (): LimiterStats => hashes.stats();

/** Every hash slot busy and the waiting line full: the caller answers 503 with Retry-After (plugins/errors.ts). */
export class PasswordBusyError extends Error {
  constructor(public retryAfterSeconds: number) {
    super('password hashing queue full');
  }
}

async function scrypt(pw: string, salt: Buffer, len: number, opts: object): Promise<Buffer> {
  try {
    return await hashes.run(() => threads.hash(pw, salt, len, opts));
  } catch (err) {
    if (err instanceof LimiterFullError) throw new PasswordBusyError(err.retryAfterSeconds);
    throw err;
  }
}

/**
 * Cost of new hashes: N = 2^17, r 8, p 1 needs 128 · N · r = 128 MiB per hash, above
 * Node's 32 MiB default, hence maxmem. About a second of one core here: paid at sign-in and when a
 * password is set, never per request.
 */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const MAXMEM = 256 * 1024 * 1024;

/** scrypt$N$r$p$salt$hash, all base64url: self-describing, so older hashes verify with their own cost. */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMS;
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, { N, r, p, maxmem: MAXMEM });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

function parse(stored: string) {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (kind !== 'scrypt' || !salt || !hash || ![N, R, P].every(Number.isSafeInteger)) return null;
  return { N, r: R, p: P, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const h = parse(stored);
  if (!h || h.hash.length === 0) return false;
  try {
    const actual = await scrypt(password, h.salt, h.hash.length, { N: h.N, r: h.r, p: h.p, maxmem: MAXMEM });
    return timingSafeEqual(actual, h.hash);
  } catch (err) {
    // A full line is no answer about the password: the caller says 503.
    if (err instanceof PasswordBusyError) throw err;
    // Parameters scrypt refuses (a damaged or forged row) verify nothing, rather than answering 500.
    return false;
  }
}

/** True when a stored hash was made with other parameters than today's: re-hash it at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const h = parse(stored);
  return !h || h.N !== SCRYPT_PARAMS.N || h.r !== SCRYPT_PARAMS.r || h.p !== SCRYPT_PARAMS.p || h.hash.length !== 32;
}
