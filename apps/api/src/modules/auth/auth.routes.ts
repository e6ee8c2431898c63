import { loginBody } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http';
import { PasswordBusyError } from '../../lib/password';
import { auditSecurity } from '../../lib/audit/audit.repository';
import { captchaFor } from '../../plugins/captcha';
import { accountRoutes } from './account.routes';
import { revokeSession } from './auth.repository';
import { captchaReply, loginReply, messageReply } from './auth.schemas';
import { giveBackAttempt } from './login-attempts';
import { signIn } from './login.service';
import { passwordResetRoutes } from './password-reset.routes';

export const LOGGED_OUT = 'Déconnecté';

/** Session calls: captcha, sign-in, sign-out, password reset, own account. */
export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/captcha',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'Défi ALTCHA pour la connexion et le mot de passe oublié', security: [], response: { 200: captchaReply } },
    },
    async (_request, reply) => {
      const captcha = captchaFor(app);
      // Each challenge is single-use: a cached one would be refused as a replay.
      reply.header('cache-control', 'no-store');
      return ok({ enabled: captcha.enabled, challenge: await captcha.challenge() });
    },
  );

  app.post(
    '/loginBO',
    {
      config: { public: true },
      // Too busy to check the password (503): that was no attempt, for the address nor the account.
      onError: async (request, _reply, err) => {
        if (err instanceof PasswordBusyError) await giveBackAttempt(app.db, request.body.email, request.ip);
      },
      schema: { tags: ['auth'], summary: 'Connexion au back-office', security: [], body: loginBody, response: { 200: loginReply } },
    },
    async (request) => {
      const { email, password, captcha } = request.body;
      await captchaFor(app).verify(app.db, captcha);
      return ok(await signIn(app.db, { email, password, ip: request.ip, userAgent: request.headers['user-agent'] }));
    },
  );

  app.post(
    '/logout',
    { config: { action: 'self' }, schema: { tags: ['auth'], summary: 'Déconnexion (révoque la session courante)', response: { 200: messageReply } } },
    async (request) => {
      const user = request.user!;
      await app.db.transaction(async (tx) => {
        await revokeSession(tx, user.sessionId);
        await auditSecurity(tx, 'logout', user, request.ip);
      });
      return ok({ message: LOGGED_OUT });
    },
  );

  await app.register(passwordResetRoutes);
  await app.register(accountRoutes);
}
