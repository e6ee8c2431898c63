import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { type FileFamily, MSG } from '@app/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit } from '../../modules/audit/audit.repository';
import { detectType, saveMedia, uploadsDir } from '../../modules/media/media.service';
import type { CurrentUser } from '../../plugins/auth';
import { stripTags } from '../../plugins/sanitize';
import { AppError } from '../http';
import { readMultipart, type Upload } from '../multipart';
import type { ResourceDef } from './resource';

const NUMERIC = /^-?\d+(\.\d+)?$/;

/**
 * The text fields of a multipart form as the body the JSON schema reads. A form carries only
 * strings: a value the field's schema refuses as text but accepts as a number or a boolean
 * ("500" for an integer field, "true" for a boolean) is given as that; anything else stays text, so
 * a wrong value still gets the field's own message. Script and PHP tags are stripped as for JSON.
 */
export function formFieldsToBody(schema: z.ZodObject, fields: Record<string, string>): Record<string, unknown> {
  const shape = schema.shape as Record<string, z.ZodType>;
  const body: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(fields)) {
    const value = stripTags(raw);
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    body[key] = field ? typed(field, value) : value;
  }
  return body;
}

function typed(field: z.ZodType, value: string): unknown {
  if (field.safeParse(value).success) return value;
  const trimmed = value.trim();
  if (NUMERIC.test(trimmed) && field.safeParse(Number(trimmed)).success) return Number(trimmed);
  if ((trimmed === 'true' || trimmed === 'false') && field.safeParse(trimmed === 'true').success) return trimmed === 'true';
  return value;
}

const chosenFiles = (files: Upload[]) => files.filter((f) => f.buffer.length > 0 || f.fileName);

/**
 * The file sent with a form-data create: the field named after a media name, or `file` (or `MEDIA`)
 * for the first name. A part with no bytes and no name is an empty file input (nothing chosen).
 */
export function createUpload(names: Record<string, FileFamily>, files: Upload[]): { name: string; family: FileFamily; file: Upload } | null {
  const chosen = chosenFiles(files);
  if (!chosen.length) return null;
  const file = chosen[0];
  // `file`, or `MEDIA` as spec 2's form-data creates name it, is the first media name.
  const name = file.field === 'file' || file.field === 'MEDIA' ? Object.keys(names)[0] : file.field;
  if (!Object.hasOwn(names, name)) throw new AppError(422, 'Champ de fichier inconnu', { [file.field]: ['Champ de fichier inconnu'] });
  if (file.buffer.length === 0) throw new AppError(422, MSG.fileEmpty, { [file.field]: [MSG.fileEmpty] });
  return { name, family: names[name], file };
}

/** A checked file waiting for its row: stored in the create's transaction, removed if it rolls back. */
export interface PendingUpload {
  save(tx: Db, id: number, user: CurrentUser | null): Promise<void>;
  /** Removes the stored bytes after a failed transaction. */
  discard(): Promise<void>;
}

/**
 * POST of a resource with `formCreate` (and its PUT, given `update` and the PUT's schema): the route
 * options that read a multipart body before validation (so the resource's one schema judges it),
 * and the file of the request, its bytes checked before any row is written. A JSON body goes
 * through unchanged; a PUT without a file keeps the stored one.
 */
export function formCreate<Dto extends { id: number }>(def: ResourceDef<Dto>, dataDir: string, update?: { schema: z.ZodObject }) {
  const names = def.formCreate ? def.media?.names : undefined;
  const files = new WeakMap<FastifyRequest, Upload[]>();
  const infer = update ? undefined : def.inferOnCreate;
  const route =
    names || infer
      ? {
          preValidation: async (req: FastifyRequest) => {
            if (names && req.isMultipart()) {
              const form = await readMultipart(req);
              req.body = formFieldsToBody(update?.schema ?? def.body, form.fields);
              files.set(req, form.files);
            }
            const body = req.body;
            if (infer && body && typeof body === 'object' && !Array.isArray(body)) infer.fill(body as Record<string, unknown>, { file: chosenFiles(files.get(req) ?? []).length > 0 });
          },
        }
      : {};
  const docs = names ? { consumes: ['application/json', 'multipart/form-data'] } : {};

  async function check(req: FastifyRequest): Promise<PendingUpload | null> {
    const upload = names ? createUpload(names, files.get(req) ?? []) : null;
    if (!upload) return null;
    await detectType(upload.file.buffer, upload.family);
    const dir = uploadsDir(dataDir);
    let stored: string | null = null;
    return {
      async save(tx, id, user) {
        const saved = await saveMedia(tx, dir, {
          entity: def.path,
          entityId: id,
          collection: upload.name,
          family: upload.family,
          fileName: upload.file.fileName,
          buffer: upload.file.buffer,
          // An update's file takes the place of the stored one (a multiple name gains one, as its upload call does).
          replace: update !== undefined && !(def.media?.multiple && upload.name === Object.keys(names!)[0]),
        });
        stored = path.basename(saved.original_url);
        await audit(tx, user, 'media', def.path, id, { [upload.name]: saved.file_name });
      },
      async discard() {
        if (stored) await unlink(path.join(dir, stored)).catch(() => {});
      },
    };
  }

  return { route, docs, check };
}
