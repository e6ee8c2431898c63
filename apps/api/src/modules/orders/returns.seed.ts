import { returnNumber, todayInTunis } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { DemoProduct } from '../catalogue';
import { rng } from '../clients';
import { numberSequences } from '../system';
import { settleReturnPoints } from './returns.points';
import { goodsReturnItems, goodsReturns } from './returns.table';
import { queryRows } from '../../db/rows';

const DAY = 86_400_000;
const UNITS = ['Unité', 'Pack', 'Carton'];

/**
 * ~40 demo returns over the last two years, from clients who ordered, of products they could have
 * bought, each taking back its points (some more than the client holds: « non récupérés »); numbered
 * per year as the API numbers them, the counters left where the demo stops.
 */
export async function seedReturns(db: Db, catalogue: DemoProduct[], count = 40): Promise<void> {
  const r = rng(9_2026);
  const clientRows = await queryRows<{ id: number; address: string | null }>(
    db,
    sql`select distinct c.id, coalesce(c.add_livraison, c.address, c.gouvernorat) as address from clients c join orders o on o.client_id = c.id order by c.id`,
  );
  if (!clientRows.length || !catalogue.length) return;
  const now = Date.now();
  const dates = Array.from({ length: count }, () => new Date(now - Math.floor(r() * 700 + 1) * DAY - Math.floor(r() * 36_000_000))).sort(
    (a, b) => a.getTime() - b.getTime(),
  );
  const perYear = new Map<number, number>();
  for (const at of dates) {
    const year = Number(todayInTunis(at).slice(0, 4));
    const seq = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, seq);
    const client = clientRows[Math.floor(r() * clientRows.length)];
    const [created] = await db
      .insert(goodsReturns)
      .values({
        numRetour: returnNumber(year, seq),
        clientId: client.id,
        address: client.address ?? 'Adresse du client',
        createdAt: at,
        updatedAt: at,
        pointsDebited: 0,
      })
      .returning({ id: goodsReturns.id });
    const lines = new Map<number, DemoProduct>();
    const n = 1 + Math.floor(r() * 3);
    while (lines.size < n) {
      const p = catalogue[Math.floor(r() * catalogue.length)];
      lines.set(p.id, p);
    }
    await db.insert(goodsReturnItems).values(
      [...lines.values()].map((p) => ({
        returnId: created.id,
        productId: p.id,
        qte: 1 + Math.floor(r() * 6),
        uv: UNITS[Math.floor(r() * UNITS.length)],
        productPrice: (p.priceTtc / 1000).toFixed(3),
        productPoints: p.points,
      })),
    );
    // The points these goods earned go back through the ledger, as a return recorded on screen.
    await settleReturnPoints(db, created.id, null);
  }
  await db.insert(numberSequences).values([...perYear].map(([year, last]) => ({ kind: 'return', year, last })));
}
