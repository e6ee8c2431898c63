import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FILE_FAMILIES, type FileFamily, MAX_FILE_SIZE, type Media, MSG } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { idIn } from '../crud/list-query';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client';
import { AppError } from '../http';
import { media } from './media.table';

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

/**
 * Stores the bytes under DATA_DIR/uploads with a generated name and records them. Runs inside the
 * caller's transaction when given one; old files are unlinked only after the row changes.
 */
export async function saveMedia(db: Db, uploadsDir: string, input: SaveMediaInput): Promise<Media> {
  const type = await detectType(input.buffer, input.family);
  const storedName = `${input.entity}-${input.entityId}-${randomBytes(12).toString('hex')}.${type.ext}`;
  await mkdir(uploadsDir, { recursive: true });
  await writeFile(path.join(uploadsDir, storedName), input.buffer);
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
        if (old.length) await tx.delete(media).where(inArray(media.id, old.map((o) => o.id)));
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
    await unlink(path.join(uploadsDir, storedName)).catch(() => {});
    throw err;
  }
  await Promise.all(old.map((o) => unlink(path.join(uploadsDir, o.storedName)).catch(() => {})));
  return mediaDto(row);
}

/**
 * Several files added to one collection in the order sent, all or none: every file's bytes are
 * checked before any is stored, and those already stored are removed if a later one fails. One
 * file goes through saveMedia as given (`replace` for a single-file field).
 */
export async function saveMediaFiles(db: Db, uploadsDir: string, input: Omit<SaveMediaInput, 'fileName' | 'buffer'>, files: { fileName: string; buffer: Buffer }[]): Promise<Media[]> {
  if (files.length === 1) return [await saveMedia(db, uploadsDir, { ...input, ...files[0] })];
  for (const f of files) await detectType(f.buffer, input.family);
  const saved: Media[] = [];
  try {
    for (const f of files) saved.push(await saveMedia(db, uploadsDir, { ...input, ...f, replace: false }));
  } catch (err) {
    for (const m of saved) await deleteMedia(db, uploadsDir, { entity: input.entity, entityId: input.entityId, mediaId: m.id });
    throw err;
  }
  return saved;
}

export async function deleteMedia(db: Db, uploadsDir: string, where: { entity: string; entityId: number; mediaId?: number }) {
  const conds = [eq(media.entity, where.entity), eq(media.entityId, where.entityId)];
  if (where.mediaId) conds.push(eq(media.id, where.mediaId));
  const rows = await db.delete(media).where(and(...conds)).returning();
  await Promise.all(rows.map((o) => unlink(path.join(uploadsDir, o.storedName)).catch(() => {})));
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

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');
