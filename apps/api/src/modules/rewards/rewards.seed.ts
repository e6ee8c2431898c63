import { CONVERSION_CODES, ORDER_POINTS_STATUSES, rewardNumber, ROLE, VOUCHER_CODES } from '@app/domain';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { solidPng } from '../../lib/png';
import type { CurrentUser } from '../../lib/auth/current-user';
import { roles, users } from '../../lib/auth/accounts.table';
import { clientActivities, clientTypes } from '../../lib/clients/classification.table';
import { clients } from '../../lib/clients/clients.table';
import { saveMedia } from '../../lib/media/media.service';
import type { ObjectStore } from '../../lib/storage';
import { nextNumbers } from '../system';
import { receiveByQr, setConversionStatus } from './conversions.service';
import { generateRebates } from './rebate-generation';
import { giftConversions, loyaltyGifts, startingGiftPurchases, startingGifts } from './gifts.table';
import { acceptGiftPurchase, createGiftPurchase, refuseGiftPurchase } from './purchases.service';
import { newQrToken } from './qr';
import { consumeManually } from './voucher-purchases.service';
import { coupons, ristournes, voucherPurchases, vouchers } from './vouchers.table';
import { sqlCode, sqlCodes } from '../../db/codes';

type Rgb = [number, number, number];
// [ref, name, type, stock, points, voucher value, colour, description]
const GIFTS: [string, string, 'bien' | 'voucher', number, number, string, Rgb, string][] = [
  ['CAD-MUG', 'Mug isotherme du programme', 'bien', 40, 150, '0', [30, 94, 160], 'Mug double paroi 35 cl aux couleurs du programme.'],
  ['CAD-TAB', 'Tablier brodé', 'bien', 60, 80, '0', [180, 70, 40], 'Tablier de comptoir brodé, taille unique.'],
  ['CAD-SAC', 'Sac isotherme', 'bien', 25, 300, '0', [40, 130, 90], 'Sac isotherme 20 L pour les livraisons.'],
  ['CAD-PRE', 'Présentoir de comptoir', 'bien', 10, 600, '0', [110, 60, 150], 'Présentoir en métal pour la caisse.'],
  ['CAD-CAS', 'Casquette du programme', 'bien', 100, 60, '0', [200, 150, 30], 'Casquette brodée, réglable.'],
  ['BON-20', "Bon d'achat 20 DT", 'voucher', 50, 250, '20.000', [0, 0, 0], 'Valable sur la prochaine commande.'],
  ['BON-50', "Bon d'achat 50 DT", 'voucher', 20, 600, '50.000', [0, 0, 0], 'Valable sur une commande de plus de 200 DT.'],
];
const STARTERS: [string, string, string, Rgb][] = [
  ['BIENV-KIT', 'Kit de bienvenue', 'Tablier, stylo et affiche du programme remis à l’inscription.', [20, 110, 130]],
  ['BIENV-PLV', 'PLV de bienvenue', 'Autocollants de vitrine et stop-rayon pour signaler le point de vente partenaire.', [150, 40, 90]],
];

/**
 * Rewards for the demo: gifts of both types with images, starter gifts, vouchers on
 * offer, coupons, rebate tiers for 2021 to this year, and the clients' purchases, conversions and
 * vouchers in every status. Purchases go through the same services as the screens, so points leave
 * through the ledger and stock through QTS.
 */
export async function seedRewards(db: Db, uploads?: ObjectStore): Promise<void> {
  const [adminRow] = await db
    .select({ id: users.id, email: users.email, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(roles.label, ROLE.admin))
    .orderBy(asc(users.id))
    .limit(1);
  if (!adminRow) return;
  const admin: CurrentUser = { ...adminRow, role: ROLE.admin, sessionId: 0 };
  const image = async (entity: string, id: number, name: string, colour: Rgb) => {
    if (uploads)
      await saveMedia(db, uploads, {
        entity,
        entityId: id,
        collection: 'image',
        family: 'image',
        fileName: `${name}.png`,
        buffer: solidPng(160, 160, colour),
        replace: true,
      });
  };

  const gifts = await db
    .insert(loyaltyGifts)
    .values(
      GIFTS.map(([ref, name, type, qts, nbrOfPoints, voucherValue, , description]) => ({
        ref,
        name,
        type,
        qts,
        nbrOfPoints,
        voucherValue,
        description,
        isActive: 1,
      })),
    )
    .returning();
  for (const [i, g] of gifts.entries()) if (g.type === 'bien') await image('gifts', g.id, g.ref.toLowerCase(), GIFTS[i][6]);
  const starters = await db
    .insert(startingGifts)
    .values(STARTERS.map(([ref, name, description]) => ({ ref, name, description })))
    .returning();
  for (const [i, s] of starters.entries()) await image('startingGifts', s.id, s.ref.toLowerCase(), STARTERS[i][3]);

  const types = await db.select({ id: clientTypes.id }).from(clientTypes).orderBy(asc(clientTypes.id));
  if (types.length) {
    const year = new Date().getFullYear();
    await db.insert(vouchers).values([
      {
        ref: `VCH-PRO-${year}`,
        description: 'Voucher professionnel de fin d’année',
        qts: 200,
        solde: '30.000',
        typeClientId: types[0].id,
        startDay: `${year}-01-01`,
        endDate: `${year}-12-31`,
      },
      {
        ref: `VCH-GROS-${year}`,
        description: 'Voucher grossistes',
        qts: 50,
        solde: '100.000',
        typeClientId: types[types.length - 1].id,
        startDay: `${year}-03-01`,
        endDate: `${year + 1}-02-28`,
      },
    ]);
  }
  const next = new Date().getFullYear() + 1;
  await db.insert(coupons).values([
    { code: 'BIENVENUE10', value: '10.000', type: 'percentage', expiryDate: `${next}-06-30`, actif: 1 },
    { code: 'REMISE5', value: '5.000', type: 'fixed', expiryDate: `${next}-03-31`, actif: 1 },
    { code: 'RAMADAN15', value: '15.000', type: 'percentage', expiryDate: `${next}-04-15`, actif: 0 },
  ]);

  // Rebate tiers for every year of the programme, for the activities that earn a rebate.
  const rebateActivities = await db.select({ id: clientActivities.id }).from(clientActivities).where(eq(clientActivities.remiseRistourne, 1));
  const tiers: (typeof ristournes.$inferInsert)[] = [];
  for (let year = 2021; year <= new Date().getFullYear(); year++) {
    for (const a of rebateActivities) {
      tiers.push(
        { numRistourne: 1, name: 'Palier 1', year, valMin: '0', valMax: '2999.999', percentage: '1', remise: '0.5', activiteId: a.id },
        { numRistourne: 2, name: 'Palier 2', year, valMin: '3000', valMax: '5999.999', percentage: '2', remise: '1', activiteId: a.id },
        { numRistourne: 3, name: 'Palier 3', year, valMin: '6000', valMax: '999999', percentage: '3', remise: '1.5', activiteId: a.id },
      );
    }
  }
  if (tiers.length) await db.insert(ristournes).values(tiers);
  // Last year's turnover (CA N-1) from the demo orders, until the invoice synchronisation feeds it:
  // the segmentation slider then has clients to count.
  await db.execute(sql`update clients c set ca_n_1 = t.turnover from (
      select client_id, sum(total_net_ttc) as turnover from orders
      where status in ${sqlCodes(ORDER_POINTS_STATUSES)} and extract(year from created_at at time zone 'Africa/Tunis') = extract(year from now() at time zone 'Africa/Tunis') - 1
      group by client_id) t
    where t.client_id = c.id`);
  // The past years' rebate vouchers were generated, one year after the other; this year is left
  // for « Générer les vouchers ».
  for (let year = 2021; year < new Date().getFullYear(); year++) await db.transaction((tx) => generateRebates(tx, admin, year));
  await spendRebates(db, admin);

  // The clients with the most points ask for gifts; staff accept most, refuse some, leave some waiting.
  const buyers = await db
    .select({ id: clients.id, points: clients.pointsFid })
    .from(clients)
    .where(sql`${clients.pointsFid} >= 400`)
    .orderBy(desc(clients.pointsFid), asc(clients.id))
    .limit(24);
  const byRef = new Map(gifts.map((g) => [g.ref, g]));
  const plan = ['CAD-MUG', 'BON-20', 'CAD-TAB', 'CAD-SAC', 'CAD-CAS', 'BON-50', 'CAD-PRE', 'CAD-MUG'];
  for (const [i, b] of buyers.entries()) {
    const gift = byRef.get(plan[i % plan.length])!;
    // Two units now and then: two units of a good, two vouchers to consume separately or together.
    const qte = gift.nbrOfPoints * 2 <= b.points && (gift.type === 'voucher' || i % 3 === 0) ? 2 : 1;
    if (gift.nbrOfPoints * qte > b.points) continue;
    await db.transaction(async (t) => {
      const id = await createGiftPurchase(t, admin, { CLIENT_ID: b.id, LOYALTY_GIFT_ID: gift.id, QTE: qte });
      if (i % 8 === 6) await refuseGiftPurchase(t, admin, id);
      else if (i % 8 !== 7 && i < 20) await acceptGiftPurchase(t, admin, id);
    });
  }

  // The units move along: some prepared, shipped, received by their QR code, one refused.
  const units = await db.select({ id: giftConversions.id, qrcode: giftConversions.qrcode }).from(giftConversions).orderBy(asc(giftConversions.id));
  for (const [i, u] of units.entries()) {
    await db.transaction(async (t) => {
      const step = i % 6;
      if (step === 1) await setConversionStatus(t, admin, 'gift', u.id, CONVERSION_CODES.PREPARED);
      if (step === 2 || step === 3) await setConversionStatus(t, admin, 'gift', u.id, CONVERSION_CODES.SHIPPED);
      if (step === 3 || step === 4) {
        if (step === 4) await setConversionStatus(t, admin, 'gift', u.id, CONVERSION_CODES.SHIPPED);
        await receiveByQr(t, admin, 'gift', u.qrcode);
      }
      if (step === 5) await setConversionStatus(t, admin, 'gift', u.id, CONVERSION_CODES.REFUSED);
    });
  }

  // Starter gifts for the newest clients, in every status.
  const newcomers = await db.select({ id: clients.id }).from(clients).orderBy(desc(clients.id)).limit(12);
  if (newcomers.length && starters.length) {
    const { year, first } = await nextNumbers(db, 'starter-gift', newcomers.length);
    const rows = await db
      .insert(startingGiftPurchases)
      .values(
        newcomers.map((c, i) => ({
          ref: rewardNumber('starter', year, first + i),
          clientId: c.id,
          startingGiftId: starters[i % starters.length].id,
          qrcode: newQrToken(),
          createdBy: admin.id,
        })),
      )
      .returning({ id: startingGiftPurchases.id, qrcode: startingGiftPurchases.qrcode });
    for (const [i, s] of rows.entries()) {
      await db.transaction(async (t) => {
        const step = i % 5;
        if (step === 1) await setConversionStatus(t, admin, 'starter', s.id, CONVERSION_CODES.PREPARED);
        if (step === 2 || step === 3) await setConversionStatus(t, admin, 'starter', s.id, CONVERSION_CODES.SHIPPED);
        if (step === 3) await receiveByQr(t, admin, 'starter', s.qrcode);
        if (step === 4) await setConversionStatus(t, admin, 'starter', s.id, CONVERSION_CODES.REFUSED);
      });
    }
  }

  // One client has used one of the vouchers a voucher gift gave him, at the counter.
  const [used] = await db
    .select({ id: voucherPurchases.id })
    .from(voucherPurchases)
    .where(sql`${voucherPurchases.giftPurchaseId} is not null`)
    .orderBy(asc(voucherPurchases.id))
    .limit(1);
  if (used) await db.transaction((tx) => consumeManually(tx, admin, [used.id], 'Déduit de la facture du mois'));
}

/**
 * Clients spend their rebate vouchers in the year after they earned them: about two in three are
 * consumed, through the same service staff use (so each client's remaining and consumed rebate
 * moves with them), then the story is dated: issued mid-January of the following year, used over
 * its months (never after today). The dashboard's voucher consumption then spreads over the months.
 */
async function spendRebates(db: Db, admin: CurrentUser) {
  const issued = await db
    .select({ id: voucherPurchases.id, clientId: voucherPurchases.clientId })
    .from(voucherPurchases)
    .where(sql`${voucherPurchases.ristourneYear} is not null`)
    .orderBy(asc(voucherPurchases.id));
  const spentByClient = new Map<number, number[]>();
  for (const v of issued) {
    if (v.id % 3 === 0) continue;
    spentByClient.set(v.clientId, [...(spentByClient.get(v.clientId) ?? []), v.id]);
  }
  await db.transaction(async (tx) => {
    for (const ids of spentByClient.values()) await consumeManually(tx, admin, ids, 'Déduit des factures');
  });
  await db.execute(sql`update vocher_purchases set
      created_at = make_timestamptz(ristourne_year + 1, 1, 15, 9, 0, 0, 'Africa/Tunis'),
      updated_at = coalesce(least(now(), make_timestamptz(ristourne_year + 1, 2 + id % 11, 1 + id % 27, 10, 0, 0, 'Africa/Tunis')), created_at),
      scan_date = case when status = ${sqlCode(VOUCHER_CODES.USED)} then least(now(), make_timestamptz(ristourne_year + 1, 2 + id % 11, 1 + id % 27, 10, 0, 0, 'Africa/Tunis')) end,
      scan = case when status = ${sqlCode(VOUCHER_CODES.USED)} then id % 2 end,
      manual_reason = case when status = ${sqlCode(VOUCHER_CODES.USED)} and id % 2 = 0 then manual_reason end
    where ristourne_year is not null`);
}
