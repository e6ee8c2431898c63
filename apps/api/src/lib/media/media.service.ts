import { randomBytes } from 'node:crypto';
import { FILE_FAMILIES, type FileFamily, MAX_FILE_SIZE, type Media, MSG } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { idIn } from '../crud/list-query';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client';
import { AppError } from '../http';
import type { ObjectStore } from '../storage';
import { media } from './media.table';

export { uploadsDir } from '../storage';

type MediaRow = typeof media.$inferSelect;

export const mediaDto = (row: MediaRow): Media => ({
  id: row.id,
  original_url: `/uploads/${row.storedName}`,
  file_name: row.fileName,
  mime_type: row.mimeType,
  size: row.size,
});

/** Text formats have no magic bytes: accept them when the bytes are printable text. */
function looksLikeText(buf: Buffer): boolean {
  const sample = buf.subarray(0, 4096);
  for (const b of sample) if (b === 0 || (b < 9 && b !== 0)) return false;
  return true;
}

/** The real type of the bytes, checked against the field's family (never the declared type). */
export async function detectType(buf: Buffer, family: FileFamily): Promise<{ mime: string; ext: string }> {
  if (buf.length > MAX_FILE_SIZE) throw new AppError(413, MSG.fileSize, { file: [MSG.fileSize] });
  const allowed = FILE_FAMILIES[family].mimes;
  const found = await fileTypeFromBuffer(buf);
  if (found && allowed.includes(found.mime)) return { mime: found.mime, ext: found.ext };
  if (!found && (family === 'csv' || family === 'spreadsheet') && looksLikeText(buf)) return { mime: 'text/csv', ext: 'csv' };
  throw new AppError(422, MSG.fileType, { file: [MSG.fileType] });
}

export interface SaveMediaInput {
  entity: string;
  entityId: number;
  collection: string;
  family: FileFamily;
  fileName: string;
  buffer: Buffer;
  /** Replace (single-file fields) removes the previous files of the collection. */
  replace?: boolean;
}

/** Removes stored files; a file that cannot be removed is left behind (an orphan costs bytes, never data). */
export async function removeStored(store: ObjectStore, names: string[]) {
  await Promise.all(names.map((n) => store.delete(n).catch(() => {})));
}

/**
 * Stores the bytes in the media store (DATA_DIR/uploads or the bucket's uploads/) under a generated
 * name and records them. Runs inside the caller's transaction when given one; old files are removed
 * only after the row changes.
 */
export async function saveMedia(db: Db, store: ObjectStore, input: SaveMediaInput): Promise<Media> {
  const type = await detectType(input.buffer, input.family);
  const storedName = `${input.entity}-${input.entityId}-${randomBytes(12).toString('hex')}.${type.ext}`;
  await store.put(storedName, input.buffer, { contentType: type.mime });
  const safeName = input.fileName.replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 200) || `fichier.${type.ext}`;
  let old: MediaRow[] = [];
  let row: MediaRow;
  try {
    row = await db.transaction(async (tx) => {
      if (input.replace) {
        old = await tx
          .select()
          .from(media)
          .where(and(eq(media.entity, input.entity), eq(media.entityId, input.entityId), eq(media.collection, input.collection)));
        if (old.length)
          await tx.delete(media).where(
            inArray(
              media.id,
              old.map((o) => o.id),
            ),
          );
      }
      const [created] = await tx
        .insert(media)
        .values({
          entity: input.entity,
          entityId: input.entityId,
          collection: input.collection,
          fileName: safeName,
          storedName,
          mimeType: type.mime,
          size: input.buffer.length,
        })
        .returning();
      return created;
    });
  } catch (err) {
    // The row was not written: the new file must not stay behind as an orphan.
    await removeStored(store, [storedName]);
    throw err;
  }
  await removeStored(
    store,
    old.map((o) => o.storedName),
  );
  return mediaDto(row);
}

/**
 * Several files added to one collection in the order sent, all or none: every file's bytes are
 * checked before any is stored, and those already stored are removed if a later one fails. One
 * file goes through saveMedia as given (`replace` for a single-file field).
 */
export async function saveMediaFiles(
  db: Db,
  store: ObjectStore,
  input: Omit<SaveMediaInput, 'fileName' | 'buffer'>,
  files: { fileName: string; buffer: Buffer }[],
): Promise<Media[]> {
  if (files.length === 1) return [await saveMedia(db, store, { ...input, ...files[0] })];
  for (const f of files) await detectType(f.buffer, input.family);
  const saved: Media[] = [];
  try {
    for (const f of files) saved.push(await saveMedia(db, store, { ...input, ...f, replace: false }));
  } catch (err) {
    for (const m of saved) await deleteMedia(db, store, { entity: input.entity, entityId: input.entityId, mediaId: m.id });
    throw err;
  }
  return saved;
}

export async function deleteMedia(db: Db, store: ObjectStore, where: { entity: string; entityId: number; mediaId?: number }) {
  const conds = [eq(media.entity, where.entity), eq(media.entityId, where.entityId)];
  if (where.mediaId) conds.push(eq(media.id, where.mediaId));
  const rows = await db
    .delete(media)
    .where(and(...conds))
    .returning();
  await removeStored(
    store,
    rows.map((o) => o.storedName),
  );
  return rows.length;
}

/** First media of each owner in one query (list pages). */
export async function mediaFor(db: Db, entity: string, ids: number[], collection = 'image'): Promise<Map<number, Media>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(media)
    .where(and(eq(media.entity, entity), eq(media.collection, collection), idIn(media.entityId, ids)))
    .orderBy(media.id);
  const out = new Map<number, Media>();
  for (const r of rows) if (!out.has(r.entityId)) out.set(r.entityId, mediaDto(r));
  return out;
}

/** Every file of each owner's collection, oldest first, in one query (several images per row). */
export async function mediaListFor(db: Db, entity: string, ids: number[], collection: string): Promise<Map<number, Media[]>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(media)
    .where(and(eq(media.entity, entity), eq(media.collection, collection), idIn(media.entityId, ids)))
    .orderBy(media.id);
  const out = new Map<number, Media[]>();
  for (const r of rows) out.set(r.entityId, [...(out.get(r.entityId) ?? []), mediaDto(r)]);
  return out;
}
