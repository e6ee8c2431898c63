import { LOGIN_WINDOW_MINUTES, resetPasswordBody, sendResetEmailBody, validateCodeBody } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, ok } from '../../lib/http';
import { captchaFor } from '../../plugins/captcha';
import { messageReply } from './auth.schemas';
import {
  checkResetCode,
  RESET_CODE_VALID,
  RESET_DONE_MESSAGE,
  RESET_SENT_MESSAGE,
  resetPassword,
  sendResetCode,
} from './password-reset.service';
import { RequestWindow } from './request-window';

export const RESET_MAILS_PER_WINDOW = 5;
export const RESET_TOO_MANY = `Trop de demandes de code. Réessayez dans ${LOGIN_WINDOW_MINUTES} minutes.`;

/** Forgot-password dialog (spec 1 §2, §7): send a code, check it, set the new password. */
export async function passwordResetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const mailRequests = new RequestWindow(RESET_MAILS_PER_WINDOW, LOGIN_WINDOW_MINUTES * 60_000);

  app.post(
    '/password/send-email',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Envoie un code de réinitialisation (même réponse que le compte existe ou non)',
        security: [],
        body: sendResetEmailBody,
        response: { 200: messageReply },
      },
    },
    async (request) => {
      const { email, captcha } = request.body;
      await captchaFor(app).verify(app.db, captcha);
      // Counted per address whether or not it has an account, so the 429 reveals nothing either.
      if (!mailRequests.take([`email:${email}`, `ip:${request.ip}`])) throw new AppError(429, RESET_TOO_MANY);
      await sendResetCode({ db: app.db, mailer: app.mailer, log: request.log }, email);
      return ok({ message: RESET_SENT_MESSAGE });
    },
  );

  app.post(
    '/password/validate-code',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'Vérifie un code de réinitialisation', security: [], body: validateCodeBody, response: { 200: messageReply } },
    },
    async (request) => {
      await checkResetCode(app.db, request.body.email, request.body.reset_code);
      return ok({ message: RESET_CODE_VALID });
    },
  );

  app.post(
    '/password/reset-pwd',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Définit le nouveau mot de passe avec un code valide (déconnecte toutes les sessions)',
        security: [],
        body: resetPasswordBody,
        response: { 200: messageReply },
      },
    },
    async (request) => {
      const { email, reset_code, password } = request.body;
      await resetPassword(app.db, { email, code: reset_code, password });
      return ok({ message: RESET_DONE_MESSAGE });
    },
  );
}
