// Only AES and UTF-8: the 'crypto-js' root module bundles every algorithm (about 17 KB gzip more).
import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';

/**
 * Browser storage of the session: localStorage keys version, connected, token,
 * user-info and tmpFilter. user-info and tmpFilter are AES-encrypted on write and decrypted on
 * read. The key ships inside the bundle, so this is obfuscation against casual reading of the
 * storage, not security: the server never trusts anything stored here (it checks the token).
 */
const SECRET = 'pf-bo::8f3c1e9a-fidelite-tn::v4';

export const STORAGE_VERSION = 4;
const KEY = { version: 'version', connected: 'connected', token: 'token', user: 'user-info', tmpFilter: 'tmpFilter' } as const;

export interface SessionUser {
  id: number;
  ID?: number;
  FIRSTNAME: string;
  LASTNAME: string;
  EMAIL: string;
  GSM?: string | null;
  username?: string | null;
  role: string;
  login: string;
}

function writeEncrypted(key: string, value: unknown): void {
  localStorage.setItem(key, AES.encrypt(JSON.stringify(value), SECRET).toString());
}

function readEncrypted<T>(key: string): T | null {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    const text = AES.decrypt(raw, SECRET).toString(Utf8);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    // Tampered or written by another version: treat as absent.
    return null;
  }
}

// Subscribers (header, guard) re-render when the stored user changes (profile save, logout).
const listeners = new Set<() => void>();
let cachedUser: SessionUser | null | undefined;
function changed() {
  cachedUser = undefined;
  for (const l of listeners) l();
}

export const session = {
  token(): string | null {
    return localStorage.getItem(KEY.token);
  },
  user(): SessionUser | null {
    if (cachedUser === undefined) cachedUser = readEncrypted<SessionUser>(KEY.user);
    return cachedUser;
  },
  /** The guard's rule: connected flag, token and stored user info. */
  isActive(): boolean {
    return localStorage.getItem(KEY.connected) === 'true' && !!session.token() && !!session.user();
  },
  start(token: string, user: SessionUser): void {
    localStorage.setItem(KEY.connected, 'true');
    localStorage.setItem(KEY.token, token);
    writeEncrypted(KEY.user, user);
    changed();
  },
  updateUser(patch: Partial<SessionUser>): void {
    const current = session.user();
    if (!current) return;
    writeEncrypted(KEY.user, { ...current, ...patch });
    changed();
  },
  clear(): void {
    localStorage.removeItem(KEY.connected);
    localStorage.removeItem(KEY.token);
    localStorage.removeItem(KEY.user);
    localStorage.removeItem(KEY.tmpFilter);
    changed();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * Start-up rule: storage written by a version below 4 loses its session and the page
 * reloads, forcing a new sign-in. Returns true when a reload was triggered.
 */
export function migrateStorage(): boolean {
  const version = Number(localStorage.getItem(KEY.version) ?? 0);
  if (Number.isFinite(version) && version >= STORAGE_VERSION) return false;
  localStorage.removeItem(KEY.connected);
  localStorage.removeItem(KEY.token);
  localStorage.removeItem(KEY.user);
  localStorage.setItem(KEY.version, String(STORAGE_VERSION));
  window.location.reload();
  return true;
}
