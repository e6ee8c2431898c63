import path from 'node:path';
import { type FileFamily, MAX_UPLOAD_FILES, MSG } from '@app/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit, auditEntity } from '../audit/audit.repository';
import { detectType, removeStored, saveMedia } from '../media/media.service';
import type { ObjectStore } from '../storage';
import type { CurrentUser } from '../auth/current-user';
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
export function createUpload(names: Record<string, FileFamily>, files: Upload[]): { name: string; family: FileFamily; file: Upload; files: Upload[] } | null {
  const chosen = chosenFiles(files);
  if (!chosen.length) return null;
  // `file`, or `MEDIA` as the older product's form-data creates name it, is the first media name.
  const nameOf = (f: Upload) => (f.field === 'file' || f.field === 'MEDIA' ? Object.keys(names)[0] : f.field);
  const file = chosen[0];
  const name = nameOf(file);
  if (!Object.hasOwn(names, name)) throw new AppError(422, 'Champ de fichier inconnu', { [file.field]: ['Champ de fichier inconnu'] });
  // Several files only reach here for a name that may hold several (media.severalOn); the others were cut at one.
  const same = chosen.filter((f) => nameOf(f) === name);
  const empty = same.find((f) => f.buffer.length === 0);
  if (empty) throw new AppError(422, MSG.fileEmpty, { [empty.field]: [MSG.fileEmpty] });
  return { name, family: names[name], file, files: same };
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
export function formCreate<Dto extends { id: number }>(def: ResourceDef<Dto>, store: ObjectStore, update?: { schema: z.ZodObject }) {
  const names = def.formCreate ? def.media?.names : undefined;
  const severalOn = def.media?.severalOn;
  const files = new WeakMap<FastifyRequest, Upload[]>();
  const infer = update ? undefined : def.inferOnCreate;
  const route =
    names || infer
      ? {
          preValidation: async (req: FastifyRequest) => {
            if (names && req.isMultipart()) {
              const form = await readMultipart(req, severalOn ? { maxFiles: MAX_UPLOAD_FILES } : {}).catch((err) => {
                if ((err as { code?: string }).code !== 'FST_FILES_LIMIT' || !severalOn) throw err;
                throw new AppError(422, severalOn.tooMany, { file: [severalOn.tooMany] });
              });
              req.body = formFieldsToBody(update?.schema ?? def.body, form.fields);
              files.set(req, form.files);
            }
            const body = req.body;
            if (infer && body && typeof body === 'object' && !Array.isArray(body))
              infer.fill(body as Record<string, unknown>, { file: chosenFiles(files.get(req) ?? []).length > 0 });
          },
        }
      : {};
  const docs = names ? { consumes: ['application/json', 'multipart/form-data'] } : {};

  async function check(req: FastifyRequest): Promise<PendingUpload | null> {
    const upload = names ? createUpload(names, files.get(req) ?? []) : null;
    if (!upload) return null;
    for (const f of upload.files) await detectType(f.buffer, upload.family);
    const stored: string[] = [];
    return {
      async save(tx, id, user) {
        const first = upload.name === Object.keys(names!)[0];
        // Whether the record may hold several files is known once it exists (in this transaction).
        const many = first && severalOn ? await severalOn.on(tx, id) : false;
        if (upload.files.length > 1 && !many) {
          const message = severalOn?.oneOnly ?? MSG.invalidPayload;
          throw new AppError(422, message, { file: [message] });
        }
        // An update's file takes the place of the stored one; a name that gains files (a multiple
        // name, a record that holds several) keeps the stored ones, as its upload call does.
        const replace = update !== undefined && !many && !(def.media?.multiple && first);
        const saved = [];
        for (const f of upload.files) {
          const m = await saveMedia(tx, store, {
            entity: def.path,
            entityId: id,
            collection: upload.name,
            family: upload.family,
            fileName: f.fileName,
            buffer: f.buffer,
            replace,
          });
          stored.push(path.basename(m.original_url));
          saved.push(m.file_name);
        }
        await audit(tx, user, 'media', auditEntity(def.path), id, { [upload.name]: saved.length === 1 ? saved[0] : saved });
      },
      async discard() {
        await removeStored(store, stored);
      },
    };
  }

  return { route, docs, check };
}
