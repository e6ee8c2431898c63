import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's fixed credentials (it checks the signature against them). */
const KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The API's environment for this bucket (path-style, as MinIO and s3rver want). */
  env: Record<string, string>;
  /** A client of its own, to look into the bucket behind the API's back. */
  client: S3Client;
  close(): Promise<void>;
}

/**
 * An S3-compatible server from the npm registry (s3rver), started by the test itself on a random
 * port with a bucket of its own, its objects in a temporary folder.
 */
export async function startS3(bucket = 'fidelite-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'bo-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: KEY, secretAccessKey: KEY } });
  return {
    endpoint,
    bucket,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: KEY, S3_SECRET_ACCESS_KEY: KEY, S3_FORCE_PATH_STYLE: 'true' },
    client,
    close: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
