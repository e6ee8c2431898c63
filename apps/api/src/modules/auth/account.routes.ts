import { changePasswordBody, emailChanges, type ProfileBody, profileBody } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http';
import { limitPasswordCalls } from '../../lib/password-throttle';
import { CREDENTIALS_CHANGED, changePassword, getProfile, updateProfile } from './account.service';
import { idParams } from '../../lib/crud/schemas';
import { messageReply, profileReply } from './auth.schemas';

/** What any signed-in user may do to their own account: profile, password. */
export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/me', { config: { action: 'self' }, schema: { tags: ['auth'], summary: 'Compte connecté', response: { 200: profileReply } } }, async (request) =>
    ok(await getProfile(app.db, request.user!)),
  );

  app.get('/profile', { config: { action: 'self' }, schema: { tags: ['auth'], summary: 'Mon profil', response: { 200: profileReply } } }, async (request) =>
    ok(await getProfile(app.db, request.user!)),
  );

  app.put(
    '/profile',
    {
      config: { action: 'self' },
      // Only a new e-mail makes it check the current password.
      ...limitPasswordCalls((req) => (emailChanges(req.user!.email, (req.body as ProfileBody).EMAIL) ? req.user!.email : null)),
      schema: {
        tags: ['auth'],
        summary: 'Modifie mon profil (nom, prénom, email, téléphone) ; changer d’email demande CURRENT_PASSWORD et prévient l’ancienne adresse',
        // The one PUT that is a replace: the profile form always sends its four fields.
        description:
          'Remplace le profil entier : LASTNAME, FIRSTNAME, EMAIL et GSM sont requis (le formulaire « Mon profil » les envoie tous). Exception au PUT partiel des ressources /api/{ressource}/{id}.',
        body: profileBody,
        response: { 200: profileReply },
      },
    },
    async (request) => ok(await updateProfile({ db: app.db, mailer: app.mailer, log: request.log }, request.user!, request.body, request.ip)),
  );

  app.put(
    '/back-office/changePassword/:id',
    {
      config: { action: 'self' },
      ...limitPasswordCalls((req) => req.user!.email),
      schema: {
        tags: ['auth'],
        summary: 'Change le mot de passe du compte connecté (déconnecte ses autres sessions)',
        params: idParams,
        body: changePasswordBody,
        response: { 200: messageReply },
      },
    },
    async (request) => {
      // `name` is the display name the dialog requires; it is validated but not stored.
      await changePassword(app.db, request.user!, request.params.id, request.body);
      return ok({ message: CREDENTIALS_CHANGED });
    },
  );
}
