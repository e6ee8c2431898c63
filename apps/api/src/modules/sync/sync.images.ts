import { createHash, randomBytes } from 'node:crypto';
import { FILE_FAMILIES, SYNC_IMAGE_MAX, SYNC_IMAGE_NAME, SYNC_MSG, type SyncRejection } from '@app/domain';
import { sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/http';
import { type ObjectStore, readAll } from '../../lib/storage';
import type { Counts } from './sync.apply';
import { rowsOf } from '../../db/rows';

interface ImageFile {
  line: number;
  name: string;
  ref: string;
  size: number;
}

/** The bytes of one image of the folder; gone since it was listed (the ERP replaced it): the run fails, nothing applied. */
async function readImage(files: ObjectStore, key: string): Promise<Buffer> {
  const obj = await files.get(key);
  if (!obj) throw new AppError(422, SYNC_MSG.fileMissing(key));
  return readAll(obj);
}

/**
 * Product images (SYNC_DIR/images/, or the uploaded ones): a file per image named after the
 * product's REF (`REF.jpg`; `REF_2.jpg` for a second), checked by its bytes (PNG, JPEG, GIF, WebP)
 * and its size (5 MB). « line » in the report is the file's rank in name order.
 * An image already attached under the same file name with the same size is unchanged; with
 * another size it replaces that one; otherwise it is added to the product's images.
 */
export async function syncImages(
  tx: Db,
  /** The store and the folder (a key prefix ending with `/`) holding the images; sub-folders are ignored. */
  folder: { files: ObjectStore; prefix: string },
  uploads: ObjectStore,
  dryRun: boolean,
  progress: (done: number, total: number) => void,
): Promise<{ sha256: string; total: number; counts: Counts; rejections: SyncRejection[]; written: string[]; replaced: string[] }> {
  const listed = (await folder.files.list(folder.prefix))
    .map((o) => ({ name: o.key.slice(folder.prefix.length), size: o.size }))
    .filter((o) => !o.name.includes('/'));
  const names = listed.map((o) => o.name);
  const hash = createHash('sha256');
  const rejections: SyncRejection[] = [];
  const files: ImageFile[] = [];
  for (const [i, { name, size }] of listed.entries()) {
    const line = i + 1;
    hash.update(`${name}:${size}\n`);
    const m = SYNC_IMAGE_NAME.exec(name);
    if (!m) rejections.push({ line, field: name, message: SYNC_MSG.imageName });
    else if (size > SYNC_IMAGE_MAX) rejections.push({ line, field: name, message: SYNC_MSG.imageSize });
    else {
      const type = await fileTypeFromBuffer(await readImage(folder.files, folder.prefix + name));
      if (!type || !FILE_FAMILIES.image.mimes.includes(type.mime)) rejections.push({ line, field: name, message: SYNC_MSG.imageType });
      else files.push({ line, name, ref: m[1], size });
    }
  }
  if (!names.length) rejections.push({ line: 1, field: '', message: SYNC_MSG.noRows });
  const refs = [...new Set(files.map((f) => f.ref.toLowerCase()))];
  const products = new Map(
    rowsOf<{ id: number; ref: string }>(await tx.execute(sql`select id, lower(ref) as ref from products where lower(ref) in ${refs.length ? refs : ['']}`)).map(
      (r) => [r.ref, Number(r.id)],
    ),
  );
  const known = files.filter((f) => {
    if (products.has(f.ref.toLowerCase())) return true;
    rejections.push({ line: f.line, field: f.name, message: SYNC_MSG.unknownProduct });
    return false;
  });
  const ids = [...new Set(known.map((f) => products.get(f.ref.toLowerCase())!))];
  const existing = rowsOf<{ id: number; entity_id: number; file_name: string; size: number; stored_name: string }>(
    await tx.execute(
      sql`select id, entity_id, file_name, size, stored_name from media where entity = 'products' and collection = 'images' and entity_id in ${ids.length ? ids : [0]}`,
    ),
  );
  const counts: Counts = { inserted: 0, updated: 0, unchanged: 0 };
  const plan = known.map((f) => {
    const productId = products.get(f.ref.toLowerCase())!;
    const old = existing.find((e) => Number(e.entity_id) === productId && e.file_name === f.name);
    const action = !old ? 'i' : Number(old.size) === f.size ? 's' : 'u';
    counts[action === 'i' ? 'inserted' : action === 'u' ? 'updated' : 'unchanged']++;
    return { ...f, productId, old, action };
  });
  const written: string[] = [];
  const replaced: string[] = [];
  if (dryRun || rejections.length) return { sha256: hash.digest('hex'), total: names.length, counts, rejections, written, replaced };
  for (const [i, p] of plan.entries()) {
    progress(i, plan.length);
    if (p.action === 's') continue;
    const buf = await readImage(folder.files, folder.prefix + p.name);
    const type = await fileTypeFromBuffer(buf);
    // Replaced since it was checked (a drop folder changes under a run): refused as the check would have.
    if (!type || !FILE_FAMILIES.image.mimes.includes(type.mime)) throw new AppError(422, `${p.name} : ${SYNC_MSG.imageType}`);
    const stored = `products-${p.productId}-${randomBytes(12).toString('hex')}.${type.ext}`;
    await uploads.put(stored, buf, { contentType: type.mime });
    written.push(stored);
    if (p.old) {
      await tx.execute(sql`update media set stored_name = ${stored}, mime_type = ${type.mime}, size = ${buf.length} where id = ${p.old.id}`);
      replaced.push(p.old.stored_name);
    } else {
      await tx.execute(sql`insert into media (entity, entity_id, collection, file_name, stored_name, mime_type, size)
        values ('products', ${p.productId}, 'images', ${p.name}, ${stored}, ${type.mime}, ${buf.length})`);
    }
  }
  return { sha256: hash.digest('hex'), total: names.length, counts, rejections, written, replaced };
}
