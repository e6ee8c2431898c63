import { APP_ACCESS_TTL_MINUTES, APP_MSG, APP_RATE, appLoginBody, appRefreshBody, MSG } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http';
import { okReply } from '../../lib/replies';
import { PasswordBusyError } from '../../lib/password';
import { limitPasswordCalls } from '../../lib/password-throttle';
import { throttleIpWithRetry } from '../../lib/throttle';
import { giveBackAttempt } from '../auth';
import { appCaptchaFor, challengeSchema } from '../../plugins/captcha';
import { appSignIn, appSignOut, refreshAppTokens } from './app-auth.service';

const EXAMPLE_TOKENS = {
  accessToken: 'k3V9mXq2yT0bq1f6c0hN4uJ8sL2wE5rA7dG9pZ1xC3v',
  refreshToken: 'Qw8eR4tY6uI2oP0aS9dF7gH5jK3lZ1xC8vB6nM4qW2e',
  expiresIn: APP_ACCESS_TTL_MINUTES * 60,
  tokenType: 'Bearer' as const,
};

const tokenPair = z.object({
  accessToken: z.string().meta({ description: "Jeton d'accès, à envoyer en « Authorization: Bearer … » (15 minutes)" }),
  refreshToken: z.string().meta({ description: 'Jeton de renouvellement, à usage unique (POST auth/refresh), 30 jours' }),
  expiresIn: z.number().int().meta({ description: "Durée de vie du jeton d'accès, en secondes" }),
  tokenType: z.literal('Bearer'),
});

const loginReply = okReply(
  tokenPair.extend({
    user: z.object({
      ID: z.number().int(),
      FIRSTNAME: z.string(),
      LASTNAME: z.string(),
      EMAIL: z.string(),
      GSM: z.string().nullable(),
      CLIENT_ID: z.number().int(),
    }),
  }),
).meta({
  example: {
    success: true,
    data: { ...EXAMPLE_TOKENS, user: { ID: 42, FIRSTNAME: 'Sami', LASTNAME: 'Ben Ali', EMAIL: 'sami.3@client.demo.tn', GSM: '+21698123456', CLIENT_ID: 3 } },
  },
});
const refreshReply = okReply(tokenPair).meta({ example: { success: true, data: EXAMPLE_TOKENS } });
const messageReply = okReply(z.object({ message: z.string() })).meta({ example: { success: true, data: { message: APP_MSG.signedOut } } });
const captchaReply = okReply(z.object({ enabled: z.boolean(), challenge: challengeSchema.nullable() })).meta({
  example: { success: true, data: { enabled: false, challenge: null } },
});

/**
 * The app's session calls: captcha challenge, sign-in, refresh (public: they carry their
 * own proof) and sign-out (an app token). Sign-in and refresh are also counted per client address in
 * PostgreSQL (lib/throttle.ts), besides the sign-in's own lock and slow-down.
 */
export async function appAuthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/auth/captcha',
    {
      config: { public: true },
      schema: {
        summary: "Défi ALTCHA de la connexion et de l'inscription (enabled: false quand APP_CAPTCHA=off)",
        response: { 200: captchaReply },
      },
    },
    async (_request, reply) => {
      const captcha = appCaptchaFor(app);
      // Each challenge is single-use: a cached one would be refused as a replay.
      reply.header('cache-control', 'no-store');
      return ok({ enabled: captcha.enabled, challenge: await captcha.challenge() });
    },
  );

  app.post(
    '/auth/login',
    {
      config: { public: true },
      onRequest: throttleIpWithRetry('app-login', APP_RATE.login.max, APP_RATE.login.windowMinutes, MSG.tooManyAttempts),
      // The e-mail is typed by anyone: only sign-ins that went through count against the account.
      ...limitPasswordCalls((req) => (req.body as { email: string }).email, 'successes'),
      // Too busy to check the password (503): that was no attempt, for the address nor the account.
      onError: async (req, _reply, err) => {
        if (err instanceof PasswordBusyError) await giveBackAttempt(app.db, (req.body as { email: string }).email, req.ip);
      },
      schema: {
        summary: "Connexion d'un utilisateur de client (rôle patente, actif) sur un appareil : jetons d'accès et de renouvellement",
        description:
          "Mêmes règles que la connexion du back-office : mot de passe, blocage par adresse, ralentissement par compte, captcha ALTCHA quand APP_CAPTCHA (ou CAPTCHA) l'exige. Un compte du back-office reçoit 403. Une connexion sur un appareil (deviceId) révoque la session précédente de cet appareil ; elle est inscrite au journal des connexions (« Application Mobile »).",
        body: appLoginBody.meta({
          example: {
            email: 'sami.3@client.demo.tn',
            password: 'Demo1234!',
            deviceId: '5f1c9a7e-2b4d-4c1e-9a0f-3e2d1c0b9a8f',
            deviceName: 'Samsung Galaxy A54',
          },
        }),
        response: { 200: loginReply },
      },
    },
    async (request) => {
      const { email, password, deviceId, deviceName, captcha } = request.body;
      await appCaptchaFor(app).verify(app.db, captcha);
      return ok(await appSignIn(app.db, { email, password, deviceId, deviceName, ip: request.ip }, app.config.APP_REFRESH_MAX_DAYS));
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { public: true },
      onRequest: throttleIpWithRetry('app-refresh', APP_RATE.refresh.max, APP_RATE.refresh.windowMinutes, APP_MSG.tooManyRefreshes),
      schema: {
        summary: 'Renouvelle les jetons : le jeton de renouvellement est consommé et remplacé',
        description:
          "Un jeton de renouvellement ne sert qu'une fois. Présenté une seconde fois (copié, ou deux renouvellements simultanés), il révoque toute la session de l'appareil : 401, et l'application se reconnecte. 401 aussi quand le compte n'est plus actif.",
        body: appRefreshBody.meta({ example: { refreshToken: EXAMPLE_TOKENS.refreshToken } }),
        response: { 200: refreshReply },
      },
    },
    async (request) => ok(await refreshAppTokens(app.db, request.body.refreshToken, request.ip, app.config.APP_REFRESH_MAX_DAYS)),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        summary: "Déconnexion : révoque la session de l'appareil (ses jetons d'accès et de renouvellement)",
        response: { 200: messageReply },
      },
    },
    async (request) => {
      await appSignOut(app.db, request.appUser!, request.ip);
      return ok({ message: APP_MSG.signedOut });
    },
  );
}
