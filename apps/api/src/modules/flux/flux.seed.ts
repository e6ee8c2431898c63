import { fluxPlainText, ROLE } from '@app/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles, users } from '../../lib/auth/accounts.table';
import { clients } from '../../lib/clients/clients.table';
import { flux, fluxActivities, fluxRecipients } from './flux.table';

const NEWS: [string, string, number][] = [
  ['Bienvenue dans le programme 🎉', '<p>Merci de votre confiance ! Chaque commande vous rapporte désormais des <strong>points fidélité</strong>.</p>', 300],
  ['Nouveaux cadeaux au catalogue 🎁', '<p>Le sac isotherme et le présentoir de comptoir rejoignent le catalogue. Découvrez-les dans l’application.</p>', 120],
  ['Double points ce week-end ⭐', '<p>Du vendredi au dimanche, <strong>tous vos achats comptent double</strong>. Profitez-en !</p>', 45],
  [
    'Vos vouchers de ristourne sont disponibles',
    '<p>Les vouchers de ristourne de l’an dernier sont dans votre espace. Présentez leur code QR au livreur.</p>',
    9,
  ],
];

/**
 * Demo flux notifications, sent over the last months: to every active client, to the
 * cafés and restaurants by activity, to a few chosen clients; the recipients written as the sends do.
 */
export async function seedFlux(db: Db) {
  const rows = await db.select({ id: clients.id, activity_id: clients.activityId }).from(clients).where(eq(clients.isActive, 1)).orderBy(asc(clients.id));
  if (!rows.length) return;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(roles.label, ROLE.admin))
    .orderBy(asc(users.id))
    .limit(1);
  const byActivity = rows.filter((r) => r.activity_id != null && r.activity_id % 3 === 0);
  const targets = [rows, byActivity.length ? byActivity : rows, rows.filter((r) => r.id % 4 === 0), rows.filter((r) => r.id % 2 === 0)];
  for (const [i, [title, message, daysAgo]] of NEWS.entries()) {
    const to = targets[i].length ? targets[i] : rows;
    const [row] = await db
      .insert(flux)
      .values({
        title,
        message,
        messageText: fluxPlainText(message),
        recipientCount: to.length,
        createdBy: admin?.id ?? null,
        date: new Date(Date.now() - daysAgo * 86_400_000),
      })
      .returning({ id: flux.id });
    await db.insert(fluxRecipients).values(to.map((r) => ({ fluxId: row.id, clientId: r.id })));
    if (i === 1) {
      const activities = [...new Set(to.map((r) => r.activity_id).filter((a): a is number => a != null))];
      if (activities.length) await db.insert(fluxActivities).values(activities.map((activityId) => ({ fluxId: row.id, activityId })));
    }
  }
}
