import { LOGIN_WINDOW_MINUTES, resetPasswordBody, sendResetEmailBody, validateCodeBody } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, ok } from '../../lib/http';
import { captchaFor } from '../../plugins/captcha';
import { messageReply } from './auth.schemas';
import { checkResetCode, RESET_CODE_VALID, RESET_DONE_MESSAGE, RESET_SENT_MESSAGE, resetPassword, sendResetCode } from './password-reset.service';
import { limitPasswordCalls } from '../../lib/password-throttle';
import { addressKey, takeHit } from '../../lib/throttle';

/** Code requests per IP within LOGIN_WINDOW_MINUTES. */
export const RESET_MAILS_PER_WINDOW = 5;
/** Code requests per address typed (account or not, so the limit reveals nothing) per day. */
export const RESET_MAILS_PER_DAY = 5;
/** Code checks (validate-code and reset-pwd) per IP within LOGIN_WINDOW_MINUTES, across accounts. */
export const RESET_CHECKS_PER_WINDOW = 20;
export const RESET_TOO_MANY = `Trop de demandes de code. Réessayez dans ${LOGIN_WINDOW_MINUTES} minutes.`;
export const RESET_TOO_MANY_TODAY = 'Trop de demandes de code pour cette adresse aujourd’hui. Réessayez demain.';
export const RESET_CHECKS_TOO_MANY = `Trop de codes essayés. Réessayez dans ${LOGIN_WINDOW_MINUTES} minutes.`;
const DAY_MINUTES = 24 * 60;

/** Forgot-password dialog: send a code, check it, set the new password. */
export async function passwordResetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The limits live in the database (throttles), shared by every API node.
  const limitChecks = async (ip: string) => {
    if (!(await takeHit(app.db, `reset-check-ip:${addressKey(ip)}`, RESET_CHECKS_PER_WINDOW, LOGIN_WINDOW_MINUTES)))
      throw new AppError(429, RESET_CHECKS_TOO_MANY);
  };

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
      if (!(await takeHit(app.db, `reset-mail-ip:${addressKey(request.ip)}`, RESET_MAILS_PER_WINDOW, LOGIN_WINDOW_MINUTES)))
        throw new AppError(429, RESET_TOO_MANY);
      if (!(await takeHit(app.db, `reset-mail-email:${email.toLowerCase()}`, RESET_MAILS_PER_DAY, DAY_MINUTES))) throw new AppError(429, RESET_TOO_MANY_TODAY);
      await sendResetCode({ db: app.db, mailer: app.mailer, log: request.log }, email, request.ip);
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
      await limitChecks(request.ip);
      await checkResetCode(app.db, request.body.email, request.body.reset_code, request.ip);
      return ok({ message: RESET_CODE_VALID });
    },
  );

  app.post(
    '/password/reset-pwd',
    {
      config: { public: true },
      // The e-mail is typed by anyone: only resets that went through count against the account.
      ...limitPasswordCalls((req) => (req.body as { email: string }).email, 'successes'),
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
      await limitChecks(request.ip);
      await resetPassword({ db: app.db, mailer: app.mailer, log: request.log }, { email, code: reset_code, password, ip: request.ip });
      return ok({ message: RESET_DONE_MESSAGE });
    },
  );
}
