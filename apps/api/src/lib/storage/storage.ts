import type { Readable } from 'node:stream';

/** What the store knows of one object, without its bytes. */
export interface ObjectInfo {
  /** The key inside the store that answered (without that store's own prefix or folder). */
  key: string;
  size: number;
  /** Quoted, as sent in an ETag header; changes whenever the bytes do. */
  etag: string;
  contentType: string;
  lastModified: Date;
}

/** An object and a stream of its bytes; the caller must read or destroy `body`. */
export interface StoredObject extends ObjectInfo {
  /** The whole object's bytes, or those of `range` when one was asked. */
  body: Readable;
  /** The bytes `body` holds when a range was asked (inclusive bounds); `size` stays the whole object's. */
  range?: ByteRange;
}

/** Bytes `start` to `end`, both included, as HTTP ranges count them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  contentType?: string;
}

export interface GetOptions {
  /** Only these bytes (a video's seek): the caller checked them against the object's size. */
  range?: ByteRange;
}

/**
 * One interface for every file the product keeps: local disk under DATA_DIR (local.ts)
 * or any S3-compatible store (s3.ts). Keys are `/`-separated paths (see `checkKey`); a missing key is
 * `null` (get, head) or nothing to do (delete), never an error. A put replaces the whole object at
 * once: a reader sees the old bytes or the new ones, never a part.
 */
export interface ObjectStore {
  put(key: string, body: Buffer | Readable, opts?: PutOptions): Promise<ObjectInfo>;
  get(key: string, opts?: GetOptions): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (at any depth), in key order. */
  list(prefix?: string): Promise<ObjectInfo[]>;
  /** A cheap check that the store answers (readiness probe): throws when it does not. */
  ping(): Promise<void>;
}

/**
 * The product's stores, one per kind of file. On disk each is its own folder (the folders of the
 * one-command start); in a bucket each is a prefix of the same bucket.
 */
export interface Storage {
  kind: 'local' | 's3';
  /** Public media served at /uploads/{name} (generated names, one flat folder). */
  media: ObjectStore;
  /** Synchronisation files sent through the API, kept until their run ends (never public). */
  syncUploads: ObjectStore;
  /** The ERP's drop folder: SYNC_DIR on disk, or the SYNC_DIR prefix of the bucket. */
  syncDrop: ObjectStore;
  /** Files of the background exports (never public: served to their owner by the API), kept 24 h. */
  exports: ObjectStore;
  /** Readiness: the store answers (the bucket exists and the credentials open it, or the folder is writable). */
  ping(): Promise<void>;
  close(): void;
}

export class InvalidKeyError extends Error {
  constructor(key: string, why: string) {
    super(`Clé de stockage refusée (${why}) : ${JSON.stringify(key.slice(0, 200))}`);
  }
}

/** S3's limit on a key, in UTF-8 bytes. */
const MAX_KEY_BYTES = 1024;

/**
 * The keys both back ends accept alike, so a key that works on disk works in a bucket and the
 * reverse: `/`-separated segments, none empty, none starting with a dot (no `.`, `..` nor hidden
 * file: on disk they would leave the folder or be skipped by a listing), no backslash (a separator
 * on Windows), no control character, at most 1,024 bytes. Any other character (spaces, accents,
 * `+`, `%`, `#`, `?`) is kept as is: S3 and the disk store it under its exact name.
 */
export function checkKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidKeyError(String(key), 'vide');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw new InvalidKeyError(key, 'plus de 1024 octets');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f\\]/.test(key)) throw new InvalidKeyError(key, 'caractère interdit');
  for (const segment of key.split('/')) {
    if (!segment) throw new InvalidKeyError(key, 'segment vide');
    if (segment.startsWith('.')) throw new InvalidKeyError(key, 'segment commençant par un point');
  }
  return key;
}

/** A prefix for `list`: empty, or a key's beginning (it may end with `/`, and its last segment may be partial). */
export function checkPrefix(prefix: string): string {
  if (!prefix) return '';
  checkKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  return prefix;
}

/** Reads a whole object (small files only: images, a badge for a mail). */
export async function readAll(obj: StoredObject): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of obj.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Removes every object under a prefix (an uploaded folder of images once its run ended). */
export async function deletePrefix(store: ObjectStore, prefix: string): Promise<void> {
  for (const o of await store.list(prefix)) await store.delete(o.key);
}
