import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { checkKey, checkPrefix, type GetOptions, type ObjectInfo, type ObjectStore, type PutOptions, type StoredObject } from './storage';

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** One client for the whole process (it holds the connection pool); stores are prefixes over it. */
export function s3Client(s: S3Settings): S3Client {
  return new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    // Without keys the SDK's own chain applies (AWS_* variables, an instance or pod role).
    credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
    // Checksums only when the operation requires them: MinIO, R2 and older servers refuse the
    // streaming-trailer form the SDK now sends by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** S3 refuses a part under 5 MiB (but the last); a stream of unknown length goes up in parts of this size. */
const PART_SIZE = 8 * 1024 * 1024;

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Objects in a bucket under a prefix (`uploads/`, `sync-uploads/`, the SYNC_DIR prefix): the keys
 * this store is given are joined to its prefix, and the keys it answers have it removed.
 */
export class S3Store implements ObjectStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix = '',
  ) {}

  private key(key: string) {
    return this.prefix + checkKey(key);
  }

  private info(key: string, o: { ContentLength?: number; Size?: number; ETag?: string; ContentType?: string; LastModified?: Date }): ObjectInfo {
    return {
      key,
      size: o.ContentLength ?? o.Size ?? 0,
      etag: o.ETag ?? '""',
      contentType: o.ContentType ?? 'application/octet-stream',
      lastModified: o.LastModified ?? new Date(0),
    };
  }

  async put(key: string, body: Buffer | Readable, opts: PutOptions = {}): Promise<ObjectInfo> {
    const Key = this.key(key);
    const ContentType = opts.contentType ?? 'application/octet-stream';
    const sent = Buffer.isBuffer(body) ? await this.putBuffer(Key, body, ContentType) : await this.putStream(Key, body, ContentType);
    // No HEAD after each put (a synchronisation writes thousands of images): the answer's ETag, the
    // bytes counted, and this server's clock for the date.
    return { key, size: sent.size, etag: sent.etag, contentType: ContentType, lastModified: new Date() };
  }

  private async putBuffer(Key: string, body: Buffer, ContentType: string) {
    const r = await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: body, ContentType, ContentLength: body.length }));
    return { size: body.length, etag: r.ETag ?? '""' };
  }

  /**
   * A stream's length is not known in advance and S3 wants it: the first part is buffered; a stream
   * that ends within it is one PutObject, a longer one a multipart upload (aborted on any error, so
   * the bucket keeps no parts). At most one part (8 MiB) is held in memory.
   */
  private async putStream(Key: string, body: Readable, ContentType: string): Promise<{ size: number; etag: string }> {
    const chunks = parts(body);
    const first = await chunks.next();
    const head = first.done ? Buffer.alloc(0) : first.value;
    const second = first.done ? { done: true as const, value: undefined } : await chunks.next();
    if (second.done) return this.putBuffer(Key, head, ContentType);
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key, ContentType }));
    try {
      const done: { ETag: string; PartNumber: number }[] = [];
      let size = 0;
      const send = async (part: Buffer) => {
        const PartNumber = done.length + 1;
        const r = await this.client.send(new UploadPartCommand({ Bucket: this.bucket, Key, UploadId, PartNumber, Body: part, ContentLength: part.length }));
        done.push({ ETag: r.ETag ?? '', PartNumber });
        size += part.length;
      };
      await send(head);
      await send(second.value);
      for await (const part of chunks) await send(part);
      const r = await this.client.send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId, MultipartUpload: { Parts: done } }));
      return { size, etag: r.ETag ?? '""' };
    } catch (err) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId })).catch(() => {});
      throw err;
    }
  }

  async get(key: string, opts: GetOptions = {}): Promise<StoredObject | null> {
    const { range } = opts;
    try {
      const r = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.key(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      const info = this.info(key, r);
      if (!range) return { ...info, body: r.Body as Readable };
      // A range's answer measures the part; the whole size is after the slash of Content-Range.
      const total = Number(/\/(\d+)$/.exec(r.ContentRange ?? '')?.[1] ?? Number.NaN);
      return { ...info, size: Number.isFinite(total) ? total : info.size, range, body: r.Body as Readable };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      return this.info(key, await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) })));
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success, as this interface asks.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
  }

  async list(prefix = ''): Promise<ObjectInfo[]> {
    const out: ObjectInfo[] = [];
    let ContinuationToken: string | undefined;
    do {
      const r = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix + checkPrefix(prefix), ContinuationToken }));
      for (const o of r.Contents ?? []) {
        // A listing has no content type (it would cost a HEAD per object); callers that need it ask head().
        if (o.Key) out.push(this.info(o.Key.slice(this.prefix.length), o));
      }
      ContinuationToken = r.IsTruncated ? r.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}

/** The stream cut into buffers of PART_SIZE (the last one shorter). */
async function* parts(body: Readable): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    let buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    while (size + buf.length >= PART_SIZE) {
      const take = PART_SIZE - size;
      pending.push(buf.subarray(0, take));
      yield Buffer.concat(pending);
      pending = [];
      size = 0;
      buf = buf.subarray(take);
    }
    if (buf.length) {
      pending.push(buf);
      size += buf.length;
    }
  }
  if (size) yield Buffer.concat(pending);
}
