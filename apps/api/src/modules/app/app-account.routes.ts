import { APP_MSG, APP_RATE, appMeBody, appRegisterBody } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http';
import { limitPasswordCalls } from '../../lib/password-throttle';
import { okReply } from '../../lib/replies';
import { throttleIpWithRetry } from '../../lib/throttle';
import { appCaptchaFor } from '../../plugins/captcha';
import { getAppMe, registerAppUser, updateAppMe } from './app-account.service';

const meShape = z.object({
  user: z.object({ ID: z.number().int(), FIRSTNAME: z.string(), LASTNAME: z.string(), EMAIL: z.string(), GSM: z.string().nullable() }),
  client: z.object({
    ID: z.number().int(),
    CODE_CLIENT: z.string(),
    NAME: z.string(),
    BADGES_ID: z.number().int().nullable(),
    BADGE_NAME: z.string().nullable(),
  }),
  POINTS: z.number().int().meta({ description: 'Solde de points du client (POINTS_FID)' }),
  POINTS_EXPIRANT: z.number().int().nullable().meta({ description: 'Points expirant sous 30 jours ; null quand les points n’expirent pas' }),
  DATE_EXPIRATION: z.string().nullable().meta({ description: 'Dernier jour (AAAA-MM-JJ) pour dépenser les premiers points expirants ; null sinon' }),
  PROCHAINES_EXPIRATIONS: z
    .array(z.object({ DATE: z.string().meta({ description: 'Dernier jour (AAAA-MM-JJ, heure de Tunis) pour dépenser ces points' }), POINTS: z.number().int() }))
    .nullable()
    .meta({
      description:
        'Les trois prochaines dates d’expiration, au-delà des 30 jours aussi, avec les points qui expirent ce jour-là ; null quand les points n’expirent pas',
    }),
});
const meExample = {
  user: { ID: 42, FIRSTNAME: 'Sami', LASTNAME: 'Ben Ali', EMAIL: 'sami.3@client.demo.tn', GSM: '+21698123456' },
  client: { ID: 3, CODE_CLIENT: 'C0003', NAME: 'Droguerie El Amal', BADGES_ID: 2, BADGE_NAME: 'Gold' },
  POINTS: 1250,
  POINTS_EXPIRANT: 120,
  DATE_EXPIRATION: '2026-12-15',
  PROCHAINES_EXPIRATIONS: [
    { DATE: '2026-12-15', POINTS: 120 },
    { DATE: '2027-01-31', POINTS: 300 },
    { DATE: '2027-03-31', POINTS: 80 },
  ],
};
const meReply = okReply(meShape).meta({ example: { success: true, data: meExample } });
const registerReply = okReply(z.object({ message: z.string(), STATUS: z.literal(0) })).meta({
  example: { success: true, data: { message: APP_MSG.registered, STATUS: 0 } },
});

/** The app user's own account: read, phone and password, and self-registration. */
export async function appAccountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/me',
    { schema: { summary: 'Mon compte : utilisateur, client et badge, solde de points et points expirant bientôt', response: { 200: meReply } } },
    async (request) => ok(await getAppMe(app.db, request.appUser!)),
  );

  app.put(
    '/me',
    {
      // Only a password change checks (and hashes) one.
      ...limitPasswordCalls((req) => ((req.body as { password?: unknown }).password ? req.appUser!.email : null)),
      schema: {
        summary: 'Modifie mon téléphone et/ou mon mot de passe (avec l’ancien) ; un nouveau mot de passe déconnecte mes autres appareils',
        body: appMeBody.meta({ example: { GSM: '+21698123456', password: { old: 'Demo1234!', new: 'Nouveau2026!' } } }),
        response: { 200: meReply },
      },
    },
    async (request) => {
      await updateAppMe(app.db, request.appUser!, request.body);
      return ok(await getAppMe(app.db, request.appUser!));
    },
  );

  app.post(
    '/register',
    {
      config: { public: true },
      onRequest: throttleIpWithRetry('app-register', APP_RATE.register.max, APP_RATE.register.windowMinutes, APP_MSG.tooManyRegistrations),
      // Every registration hashes, the address in use included: counted per address asked for, apart from its sign-ins.
      ...limitPasswordCalls((req) => `register:${(req.body as { EMAIL: string }).EMAIL}`),
      schema: {
        summary: "Demande d'inscription d'un utilisateur de client (compte inactif jusqu'à sa validation, onglet « Demandes »)",
        description:
          'Le client est désigné par son code (CODE_CLIENT). La réponse est la même que le code désigne un client ou non, et que l’e-mail soit libre ou déjà utilisé : code inconnu, la demande arrive sans client (« Code inconnu » dans l’onglet « Demandes ») ; e-mail déjà utilisé, rien n’est créé ni modifié. Captcha comme la connexion.',
        body: appRegisterBody.meta({
          example: {
            CODE_CLIENT: 'C0003',
            LASTNAME: 'Ben Ali',
            FIRSTNAME: 'Sami',
            EMAIL: 'sami.benali@example.tn',
            GSM: '+21698123456',
            PASSWORD: 'MotDePasse2026!',
          },
        }),
        response: { 201: registerReply },
      },
    },
    async (request, reply) => {
      const { captcha, ...input } = request.body;
      await appCaptchaFor(app).verify(app.db, captcha);
      await registerAppUser(app.db, input, request.ip);
      reply.code(201);
      return ok({ message: APP_MSG.registered, STATUS: 0 as const });
    },
  );
}
