import { acceptInvitationBody, INVITATION_MSG, invitationLookupBody, inviteBody, LOGIN_WINDOW_MINUTES } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOfSecret, limitPasswordCalls } from '../../lib/password-throttle';
import { throttleByIp } from '../../lib/throttle';
import { ok } from '../../lib/http';
import { okReply } from '../../lib/replies';
import { acceptInvitation, readInvitation, sendInvitations } from './invitations.service';
import { publicOrigin } from '../../lib/public-origin';

/** Calls of the public invitation page per IP within LOGIN_WINDOW_MINUTES, for each of its two calls. */
export const INVITATION_CALLS_PER_WINDOW = 30;
/** Counted in the database (lib/throttle.ts), so the allowance is the same however many nodes serve. */
const invitationThrottle = (call: string) =>
  throttleByIp(`invitation-${call}`, INVITATION_CALLS_PER_WINDOW, LOGIN_WINDOW_MINUTES, INVITATION_MSG.tooManyAttempts);

const inviteResult = okReply(
  z.object({
    message: z.string(),
    sent: z.number().int(),
    failed: z.array(z.object({ email: z.string(), message: z.string() })),
  }),
);
const invitationInfo = z.object({ FIRSTNAME: z.string(), EMAIL: z.string(), MOBILE: z.boolean() });
const accepted = okReply(invitationInfo.extend({ message: z.string() }));

/** Invitations: send with a template; the public page's two calls. */
export async function invitationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/invite/mail',
    {
      config: { action: 'invitations:send' },
      schema: {
        tags: ['invitations'],
        summary: 'Envoie le modèle d’email (template_key = id du modèle) à chaque adresse, avec un lien à usage unique valable 7 jours',
        body: inviteBody,
        response: { 200: inviteResult },
      },
    },
    async (req) => {
      const result = await sendInvitations(
        { db: app.db, mailer: app.mailer, log: req.log },
        { emails: req.body.emails, templateId: req.body.template_key, invitedBy: req.user!, baseUrl: publicOrigin(req), ip: req.ip },
      );
      return ok(result);
    },
  );

  // The token travels in the body, never in a path or query that servers and proxies log.
  // The former GET invitations/{token} is gone rather than kept as a 410: it would be a public path
  // that still invites tokens into access logs, and only this app's own page ever called it.
  app.post(
    '/invitations/lookup',
    {
      config: { public: true },
      onRequest: invitationThrottle('lookup'),
      schema: {
        tags: ['invitations'],
        summary: 'Page publique : l’invitation est-elle valable, et pour qui (404 sinon ; 30 appels par IP et 15 minutes)',
        security: [],
        body: invitationLookupBody,
        response: { 200: okReply(invitationInfo) },
      },
    },
    async (req) => ok(await readInvitation(app.db, req.body.token)),
  );

  app.post(
    '/invitations/accept',
    {
      config: { public: true },
      onRequest: invitationThrottle('accept'),
      // The link stands for one account: only its holder counts against it.
      ...limitPasswordCalls((req) => accountOfSecret('invitation', (req.body as { token: string }).token)),
      schema: {
        tags: ['invitations'],
        summary: 'Choisit le mot de passe, active le compte ; le lien ne sert qu’une fois (30 appels par IP et 15 minutes)',
        security: [],
        body: acceptInvitationBody,
        response: { 200: accepted },
      },
    },
    async (req) => ok(await acceptInvitation(app.db, { token: req.body.token, password: req.body.password })),
  );
}
