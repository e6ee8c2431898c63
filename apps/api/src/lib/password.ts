import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;

/**
 * Cost of new hashes (issue 19 §4): N = 2^17, r 8, p 1 needs 128 · N · r = 128 MiB per hash, above
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
  } catch {
    // Parameters scrypt refuses (a damaged or forged row) verify nothing, rather than answering 500.
    return false;
  }
}

/** True when a stored hash was made with other parameters than today's: re-hash it at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const h = parse(stored);
  return !h || h.N !== SCRYPT_PARAMS.N || h.r !== SCRYPT_PARAMS.r || h.p !== SCRYPT_PARAMS.p || h.hash.length !== 32;
}
