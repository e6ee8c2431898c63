import { dashboardQuery } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http';
import { okReply } from '../../lib/replies';
import * as q from './dashboard.queries';

const int = z.number().int();
const statusRow = z.object({ STATUS: int, LABEL: z.string(), COUNT: int, POURCENT: z.number(), COLOR: z.string() });

/**
 * Dashboard calls, all GET, each with an optional `year` (a
 * calendar year of Tunis; none: every year). Full roles only (`dashboard:read`): the screen sends a
 * zone chief to the orders and the warehouse to the conversions. `getAskOrders` and
 * `getAskPurchases` are the bells' own calls (orders and rewards modules).
 */
export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { action: 'dashboard:read' as const };
  const tags = ['dashboard'];
  const querystring = dashboardQuery;
  const route = <T extends z.ZodType>(path: string, summary: string, reply: T, read: (year?: number) => Promise<z.infer<T>>) =>
    // The untyped instance: one helper serves replies of different shapes (the schemas still validate and serialise).
    fastify.get(path, { config, schema: { tags, summary, querystring, response: { 200: okReply(reply) } } }, async (req) =>
      ok(await read((req.query as { year?: number }).year)),
    );

  route(
    '/dashboard',
    'Cartes (clients actifs, utilisateurs inscrits, actifs à 60 et 30 jours) et les deux anneaux (livraison, consommation)',
    z.object({
      clients_actifs: int,
      users_registred: int,
      users_actifs_60: int,
      users_actifs_30: int,
      delivery: z.object({ delivered: int, in_progress: int }),
      consumption: z.object({ consumed: int, not_consumed: int }),
    }),
    async () => ({ ...(await q.cards(app.db)), ...(await q.donuts(app.db)) }),
  );
  route('/dashboard/points-expiring', 'Points expirant sous 30 jours, tous clients : total et nombre de clients', z.object({ points: int, clients: int }), () =>
    q.pointsExpiring(app.db),
  );
  route(
    '/dashboard/points-liability',
    'Passif du programme : points en cours, clients concernés, valeur du point et équivalent en millimes',
    z.object({ points: int, clients: int, point_value: int, millimes: int }),
    () => q.pointsLiability(app.db),
  );
  route(
    '/dashboard/count',
    'Les quatre tuiles : utilisateurs, clients, produits, commandes',
    z.object({ users: int, clients: int, products: int, orders: int }),
    () => q.counts(app.db),
  );
  route('/inscriptions', "Inscriptions à l'application par mois (YYYY-MM)", z.array(z.object({ month: z.string(), user_count: int })), (y) =>
    q.registrations(app.db, y),
  );
  route('/logs/monthly', 'Connexions par mois (YYYY-MM), toutes sources', z.array(z.object({ month: z.string(), logs_count: int })), (y) =>
    q.connections(app.db, y),
  );
  route(
    '/voucherConsumption',
    'Vouchers consommés par mois (MM/YYYY) : nombre, montant, clients',
    z.array(z.object({ date: z.string(), vouchers_consumed: int, total_amount_consumed: z.number(), clients: int })),
    (y) => q.voucherConsumption(app.db, y),
  );
  route(
    '/voucherStat',
    "Vouchers émis, consommés et non consommés, par année d'émission et en tout (year null)",
    z.array(z.object({ year: int.nullable(), total: int, consumed: int, non_consumed: int, total_amount: z.number(), consumed_amount: z.number() })),
    () => q.voucherStats(app.db),
  );
  route(
    '/orderByMonth',
    'Commandes par mois (YYYY-MM) : nombre et total TTC',
    z.array(z.object({ month: z.string(), order_count: int, order_total: z.number() })),
    (y) => q.ordersByMonth(app.db, y),
  );
  route('/orderByStatus', 'Commandes par statut : libellé, nombre, pourcentage (arrondi à 0,5), couleur', z.array(statusRow), (y) =>
    q.ordersByStatus(app.db, y),
  );
  route(
    '/giftPurshases',
    'Demandes de cadeaux par statut, et par statut et année',
    z.object({ total_by_status: z.array(statusRow), count_by_status_by_year: z.array(z.object({ STATUS: int, year: int, count: int })) }),
    (y) => q.giftPurchases(app.db, y),
  );
  route(
    '/getActivities',
    'Activation des cadeaux par mois : unités réceptionnées et expédiées',
    z.array(z.object({ month: z.string(), received: int, shipped: int })),
    (y) => q.giftActivation(app.db, y),
  );
  route(
    '/visiteurs',
    "Visiteurs de l'application par jour (utilisateurs distincts) : de l'année, sinon des 30 derniers jours",
    z.array(z.object({ day: z.string(), visitors: int })),
    (y) => q.visitors(app.db, y),
  );
}
