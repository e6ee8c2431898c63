import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cleanTemplateContent } from './template-text';
import { messageTemplates } from './templates.table';

/** Demo templates (French), each using the placeholders; email content as the editor writes it. */
export const DEMO_TEMPLATES: { type: 'email' | 'sms'; name: string; subject: string; content: string }[] = [
  {
    type: 'email',
    name: 'Invitation au back-office',
    subject: 'Votre accès au back-office Programme Fidélité',
    content:
      '<p>Bonjour {{PRENOM}} {{NOM}},</p>' +
      '<p>Un compte a été ouvert pour vous sur le back-office <strong>Programme Fidélité</strong> ({{SOCIETE}}). Votre identifiant est <strong>{{EMAIL}}</strong>.</p>' +
      '<p>Choisissez votre mot de passe en suivant ce lien, valable 7 jours et utilisable une seule fois :</p>' +
      '<p><a href="{{LIEN}}" target="_blank">Choisir mon mot de passe</a></p>' +
      '<p>À bientôt,<br>L’équipe Programme Fidélité</p>',
  },
  {
    type: 'email',
    name: 'Invitation à l’application mobile',
    subject: '{{SOCIETE}} : rejoignez le programme de fidélité',
    content:
      '<p>Bonjour {{PRENOM}},</p>' +
      '<p>Votre commerce <strong>{{SOCIETE}}</strong> (code client {{CODE_CLIENT}}) participe au programme de fidélité : cumulez des points à chaque commande et échangez-les contre des cadeaux.</p>' +
      '<p>Activez votre compte en choisissant votre mot de passe :</p>' +
      '<p><a href="{{LIEN}}" target="_blank">Activer mon compte</a></p>' +
      '<p>Connectez-vous ensuite sur l’application mobile avec l’adresse {{EMAIL}}.</p>',
  },
  {
    type: 'email',
    name: 'Félicitations pour votre badge',
    subject: 'Bravo {{PRENOM}}, un nouveau badge pour {{SOCIETE}} !',
    content:
      '<p>Bonjour {{PRENOM}} {{NOM}},</p>' +
      '<p>Félicitations : <strong>{{SOCIETE}}</strong> (code client {{CODE_CLIENT}}) vient d’obtenir un nouveau badge. Les points bonus ont été ajoutés à votre solde.</p>' +
      '<p>Retrouvez vos points et vos avantages dans l’application mobile.</p>',
  },
  {
    type: 'sms',
    name: 'Bienvenue (SMS)',
    subject: 'Bienvenue',
    content: 'Bonjour {{PRENOM}}, {{SOCIETE}} fait partie du programme de fidélité. Activez votre compte : {{LIEN}}',
  },
  {
    type: 'email',
    name: 'Rappel d’expiration',
    subject: '{{PRENOM}}, {{POINTS_EXPIRANT}} points expirent bientôt',
    content:
      '<p>Bonjour {{PRENOM}} {{NOM}},</p>' +
      '<p><strong>{{POINTS_EXPIRANT}} points</strong> de {{SOCIETE}} (code client {{CODE_CLIENT}}) expirent sous 30 jours : dépensez-les au plus tard le <strong>{{DATE_EXPIRATION}}</strong>.</p>' +
      '<p>Échangez-les contre un cadeau ou un bon d’achat dans l’application mobile.</p>',
  },
  {
    type: 'sms',
    name: 'Rappel d’expiration (SMS)',
    subject: 'Points expirant',
    content: '{{PRENOM}}, {{POINTS_EXPIRANT}} points fidélité ({{CODE_CLIENT}}) expirent le {{DATE_EXPIRATION}} : utilisez-les dans l’application mobile.',
  },
  {
    type: 'sms',
    name: 'Rappel de points (SMS)',
    subject: 'Vos points',
    content: '{{PRENOM}}, pensez à utiliser vos points fidélité ({{CODE_CLIENT}}) dans l’application mobile avant la fin de l’année.',
  },
];

/** Demo message templates; does nothing when templates already exist. */
export async function seedTemplates(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(messageTemplates);
  if (n > 0) return;
  await db.insert(messageTemplates).values(DEMO_TEMPLATES.map((t) => ({ ...t, content: cleanTemplateContent(t.type, t.content) })));
}
