import { MAX_FILE_SIZE, MAX_UPLOAD_FILES, MSG } from '@app/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from './http';

/** One uploaded file, read whole into memory (the 5 MB limit keeps that cheap). */
export interface Upload {
  field: string;
  fileName: string;
  buffer: Buffer;
}

export interface MultipartForm {
  /** Text fields by name (the last value wins when a name repeats). */
  fields: Record<string, string>;
  files: Upload[];
}

/**
 * The one place a multipart body is read. busboy throws plain errors on a body without boundary, a
 * part cut off early or broken part headers; they are the client's mistake, so they become a 422
 * with the API's envelope. Nothing is written to disk here: a file reaches DATA_DIR only after the
 * whole body was read and checked, so a broken upload leaves nothing behind.
 */
export function readMultipart(req: FastifyRequest, opts: { maxFiles?: number } = {}): Promise<MultipartForm> {
  // A body is read once: a second reader of the same request (the idempotency check, then the
  // handler) gets the same form.
  let form = forms.get(req);
  if (!form) {
    form = readParts(req, opts);
    forms.set(req, form);
  }
  return form;
}

const forms = new WeakMap<FastifyRequest, Promise<MultipartForm>>();

async function readParts(req: FastifyRequest, opts: { maxFiles?: number }): Promise<MultipartForm> {
  if (!req.isMultipart()) throw new AppError(422, 'Un fichier est requis (multipart/form-data).', { file: [MSG.required] });
  const form: MultipartForm = { fields: Object.create(null), files: [] };
  try {
    // One file per request unless the route says otherwise (the pop-up's multiple upload); the
    // plugin replaces its limits as a whole, hence all of them here.
    const parts = opts.maxFiles ? req.parts({ limits: { fileSize: MAX_FILE_SIZE, files: opts.maxFiles, fields: 50, fieldSize: 100_000 } }) : req.parts();
    for await (const part of parts) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw new AppError(413, MSG.fileSize, { [part.fieldname]: [MSG.fileSize] });
        form.files.push({ field: part.fieldname, fileName: part.filename, buffer });
      } else {
        form.fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    throw asClientError(err);
  }
  return form;
}

/** The single file of an upload route (field `file`, or the first file sent). */
export async function readUpload(req: FastifyRequest): Promise<Upload> {
  const { files } = await readMultipart(req);
  const file = files.find((f) => f.field === 'file') ?? files[0];
  if (!file) throw new AppError(422, MSG.fileRequired, { file: [MSG.required] });
  if (file.buffer.length === 0) throw new AppError(422, MSG.fileEmpty, { file: [MSG.fileEmpty] });
  return file;
}

/**
 * The files of an upload to a field that holds several files on some records only (images of an
 * image-annotation block or section): up to MAX_UPLOAD_FILES when `several`, else exactly one. A
 * request with more is the client's mistake about the rule, so a 422 with its message (`oneOnly`,
 * `tooMany`) rather than the plugin's 413, which stays for a file over 5 MB.
 */
export async function readUploads(req: FastifyRequest, opts: { several: boolean; oneOnly: string; tooMany: string }): Promise<Upload[]> {
  let files: Upload[];
  try {
    ({ files } = await readMultipart(req, { maxFiles: MAX_UPLOAD_FILES }));
  } catch (err) {
    if ((err as { code?: string }).code !== 'FST_FILES_LIMIT') throw err;
    const message = opts.several ? opts.tooMany : opts.oneOnly;
    throw new AppError(422, message, { file: [message] });
  }
  if (!files.length) throw new AppError(422, MSG.fileRequired, { file: [MSG.required] });
  if (files.length > 1 && !opts.several) throw new AppError(422, opts.oneOnly, { file: [opts.oneOnly] });
  if (files.some((f) => f.buffer.length === 0)) throw new AppError(422, MSG.fileEmpty, { file: [MSG.fileEmpty] });
  return files;
}

function asClientError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const status = (err as { statusCode?: number }).statusCode;
  // The plugin's own limits (file too large, too many files or fields) keep their 413.
  if (status === 413) return err;
  return new AppError(422, MSG.multipartInvalid, { file: [MSG.multipartInvalid] });
}
