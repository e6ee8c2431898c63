import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type Stats } from 'node:fs';
import { access, constants, mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, checkPrefix, type GetOptions, type ObjectInfo, type ObjectStore, type PutOptions, type StoredObject } from './storage';

/** A disk has no content type: the one of the name's extension (every stored media name ends with its detected type). */
const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  pdf: 'application/pdf',
  csv: 'text/csv',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
const typeOf = (key: string) => TYPES[path.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream';

/** Size and modification time, as @fastify/static's ETag: it changes with the bytes, without reading them. */
const etagOf = (s: Stats) => `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`;

const missing = (err: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((err as NodeJS.ErrnoException).code ?? '');

/**
 * Objects as files under one folder (a key's `/` are sub-folders). A put writes a temporary dot file
 * beside the target and renames it over the target: concurrent puts of one key end with one whole
 * file, and a reader never sees a half-written one. Dot files are never keys, so listings skip them.
 */
export class LocalStore implements ObjectStore {
  constructor(readonly root: string) {}

  private file(key: string) {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  private info(key: string, s: Stats): ObjectInfo {
    return { key, size: s.size, etag: etagOf(s), contentType: typeOf(key), lastModified: s.mtime };
  }

  async put(key: string, body: Buffer | Readable, _opts: PutOptions = {}): Promise<ObjectInfo> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(path.dirname(target), `.tmp-${randomBytes(8).toString('hex')}`);
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temp, { flags: 'wx' }));
      await rename(temp, target);
    } catch (err) {
      await unlink(temp).catch(() => {});
      throw err;
    }
    return this.info(key, await stat(target));
  }

  async get(key: string, opts: GetOptions = {}): Promise<StoredObject | null> {
    const file = this.file(key);
    // Opened first, then measured: the size and ETag describe the bytes this stream reads even if a
    // put renames another file over the name meanwhile.
    const handle = await open(file, 'r').catch((err) => {
      if (missing(err)) return null;
      throw err;
    });
    if (!handle) return null;
    const s = await handle.stat();
    if (!s.isFile()) {
      await handle.close();
      return null;
    }
    const { range } = opts;
    const body = createReadStream('', { fd: handle, highWaterMark: 1 << 20, ...(range ? { start: range.start, end: range.end } : {}) });
    return { ...this.info(key, s), body, ...(range ? { range } : {}) };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const s = await stat(this.file(key)).catch((err) => {
      if (missing(err)) return null;
      throw err;
    });
    return s?.isFile() ? this.info(key, s) : null;
  }

  async delete(key: string): Promise<void> {
    await unlink(this.file(key)).catch((err) => {
      if (!missing(err)) throw err;
    });
  }

  async list(prefix = ''): Promise<ObjectInfo[]> {
    checkPrefix(prefix);
    // Walk only the folder the prefix names; its last, partial segment filters the names.
    const slash = prefix.lastIndexOf('/');
    const base = prefix.slice(0, slash + 1);
    const out: ObjectInfo[] = [];
    const walk = async (dir: string, keyBase: string) => {
      const entries = await readdir(dir, { withFileTypes: true }).catch((err) => {
        if (missing(err)) return [];
        throw err;
      });
      for (const e of entries) {
        if (e.name.startsWith('.')) continue;
        const key = keyBase + e.name;
        if (e.isDirectory()) {
          // Below the prefix's own folder every name is compared whole: `list/` enters list/, `li` enters lists/.
          if (key.startsWith(prefix)) await walk(path.join(dir, e.name), `${key}/`);
        } else if (e.isFile() && key.startsWith(prefix)) {
          const s = await stat(path.join(dir, e.name)).catch(() => null);
          if (s) out.push(this.info(key, s));
        }
      }
    };
    await walk(base ? path.join(this.root, ...base.slice(0, -1).split('/')) : this.root, base);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.R_OK | constants.W_OK);
  }
}
