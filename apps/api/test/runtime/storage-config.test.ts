import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

/** The S3 settings are validated at start with one clear line naming the variable. */
const DATA_DIR = path.join(os.tmpdir(), 'bo-config-data');
const S3 = {
  DATA_DIR,
  S3_BUCKET: 'fidelite-media',
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_ACCESS_KEY_ID: 'minio',
  S3_SECRET_ACCESS_KEY: 'minio-secret',
  S3_FORCE_PATH_STYLE: 'true',
};
const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`accepted: ${JSON.stringify(env)}`);
};

describe('object storage settings', () => {
  it('without S3_BUCKET the files stay in DATA_DIR and SYNC_DIR', () => {
    expect(loadConfig({ DATA_DIR }).storage).toEqual({ kind: 'local', dataDir: DATA_DIR, syncDir: path.join(DATA_DIR, 'sync') });
  });

  it('with S3_BUCKET: the bucket, path style, and SYNC_DIR as a prefix of the bucket (sync/ by default)', () => {
    expect(loadConfig(S3).storage).toEqual({
      kind: 's3',
      bucket: 'fidelite-media',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'minio',
      secretAccessKey: 'minio-secret',
      forcePathStyle: true,
      syncPrefix: 'sync/',
    });
    expect(loadConfig({ ...S3, SYNC_DIR: 'erp/depot/' }).storage).toMatchObject({ syncPrefix: 'erp/depot/' });
    // No keys: the SDK's own chain (AWS_* variables, an instance role); AWS itself: no endpoint, virtual-host style.
    expect(loadConfig({ DATA_DIR, S3_BUCKET: 'fidelite-media', S3_REGION: 'eu-west-3' }).storage).toMatchObject({
      kind: 's3',
      endpoint: undefined,
      region: 'eu-west-3',
      forcePathStyle: false,
      accessKeyId: undefined,
    });
  });

  it('refuses a wrong value with one line naming the variable', () => {
    expect(refusal({ ...S3, S3_BUCKET: 'Mon_Bucket' })).toMatch(/^Configuration invalide : S3_BUCKET /);
    expect(refusal({ ...S3, S3_ENDPOINT: 'minio:9000' })).toMatch(/^Configuration invalide : S3_ENDPOINT /);
    expect(refusal({ ...S3, S3_ENDPOINT: 'http://minio:9000/bucket' })).toMatch(/^Configuration invalide : S3_ENDPOINT /);
    expect(refusal({ ...S3, S3_REGION: 'Europe Ouest' })).toMatch(/^Configuration invalide : S3_REGION /);
    expect(refusal({ ...S3, S3_FORCE_PATH_STYLE: 'yes' })).toMatch(/^Configuration invalide : S3_FORCE_PATH_STYLE doit valoir true ou false/);
    expect(refusal({ ...S3, S3_SECRET_ACCESS_KEY: '' })).toBe('Configuration invalide : S3_SECRET_ACCESS_KEY manque (les deux clés vont ensemble)');
    expect(refusal({ DATA_DIR, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toBe('Configuration invalide : S3_ENDPOINT est donné sans S3_BUCKET');
    for (const SYNC_DIR of ['/abs', '../up', 'a//b', 'a/.hidden'])
      expect(refusal({ ...S3, SYNC_DIR }), SYNC_DIR).toMatch(/^Configuration invalide : SYNC_DIR .* doit être un préfixe du bucket/);
    // The public media and the files sent through the API have their own prefixes.
    for (const SYNC_DIR of ['uploads', 'uploads/erp', 'sync-uploads'])
      expect(refusal({ ...S3, SYNC_DIR }), SYNC_DIR).toMatch(/^Configuration invalide : SYNC_DIR .* préfixe réservé/);
  });
});
