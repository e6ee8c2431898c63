import path from 'node:path';
import type { StorageConfig } from '../../config';
import { LocalStore } from './local';
import type { Storage } from './storage';

export type { ObjectInfo, ObjectStore, Storage, StoredObject } from './storage';
export { checkKey, deletePrefix, InvalidKeyError, readAll } from './storage';
export { LocalStore } from './local';

/** The folder of the public media on disk (the embedded start's layout: DATA_DIR/uploads). */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/**
 * The stores of the configuration: the one-command start's folders (DATA_DIR/uploads,
 * DATA_DIR/sync-uploads, DATA_DIR/exports, SYNC_DIR), or prefixes of one bucket (uploads/,
 * sync-uploads/, exports/, SYNC_DIR/). The S3 client is loaded only when a bucket is configured: the
 * AWS SDK is some 10 MB of memory that a node on local disk never uses.
 */
export async function createStorage(config: StorageConfig): Promise<Storage> {
  if (config.kind === 'local') {
    const media = new LocalStore(uploadsDir(config.dataDir));
    const syncUploads = new LocalStore(path.join(config.dataDir, 'sync-uploads'));
    return {
      kind: 'local',
      media,
      syncUploads,
      syncDrop: new LocalStore(config.syncDir),
      exports: new LocalStore(path.join(config.dataDir, 'exports')),
      // The ERP's folder may be absent until its first file: only the folders this server writes are probed.
      ping: async () => {
        await media.ping();
        await syncUploads.ping();
      },
      close: () => {},
    };
  }
  const { S3Store, s3Client } = await import('./s3');
  const client = s3Client(config);
  const media = new S3Store(client, config.bucket, 'uploads/');
  return {
    kind: 's3',
    media,
    syncUploads: new S3Store(client, config.bucket, 'sync-uploads/'),
    syncDrop: new S3Store(client, config.bucket, config.syncPrefix),
    exports: new S3Store(client, config.bucket, 'exports/'),
    // One bucket: one HEAD says it exists and the credentials open it.
    ping: () => media.ping(),
    close: () => client.destroy(),
  };
}
