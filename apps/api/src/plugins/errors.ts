import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@app/domain';
import { AppError } from '../lib/http';
import { PasswordBusyError } from '../lib/password';
import { isReferenceViolation, pgError, UNIQUE_VIOLATION } from '../lib/pg-errors';

/**
 * One error shape for the whole API: { success: false, message, errors? }.
 * Bad input is never a 500: validation, broken JSON and wrong content types become 422/413/415.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const v of err.validation) {
        const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || err.validationContext || 'body';
        const message = v.message ?? MSG.invalidPayload;
        if (!errors[path]) errors[path] = [];
        errors[path].push(message);
      }
      const first = Object.values(errors)[0]?.[0];
      return reply.code(422).send({ success: false, message: first ?? MSG.invalidPayload, errors });
    }
    if (err instanceof PasswordBusyError) {
      return reply.code(503).header('retry-after', String(err.retryAfterSeconds)).send({ success: false, message: MSG.serverBusy });
    }
    if (err instanceof AppError) {
      return reply.code(err.statusCode).send({ success: false, message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
    }
    const db = pgError(err);
    if (db?.code === UNIQUE_VIOLATION) {
      return reply.code(422).send({ success: false, message: 'Cette valeur existe déjà.' });
    }
    if (isReferenceViolation(db)) {
      return reply.code(409).send({ success: false, message: 'Opération impossible : cet élément est lié à d’autres données.' });
    }
    if (db && /^22/.test(db.code)) {
      // Data exceptions (value out of range, invalid text representation...) come from bad input.
      return reply.code(422).send({ success: false, message: MSG.invalidPayload });
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT') {
      return reply.code(413).send({ success: false, message: err.code === 'FST_REQ_FILE_TOO_LARGE' ? MSG.fileSize : MSG.tooLarge });
    }
    if (status === 429) {
      return reply.code(429).send({ success: false, message: err.message || MSG.tooManyAttempts });
    }
    if (status >= 400 && status < 500) {
      // Broken JSON, empty body with a JSON content type, bad multipart...: a client mistake.
      const code = status === 415 ? 415 : status === 404 ? 404 : 422;
      return reply.code(code).send({ success: false, message: code === 422 ? MSG.invalidPayload : err.message });
    }
    // The logger writes a database error without its bound values (plugins/logging.ts errorForLog).
    request.log.error({ err, statusCode: 500 }, 'unhandled error');
    return reply.code(500).send({ success: false, message: 'Erreur du serveur' });
  });
}
