import { ROLE } from '@app/domain';
import { eq } from 'drizzle-orm';
import { roles, users } from '../../src/lib/auth/accounts.table';
import { clientActivities, clientCategories, clientCircuits, clientTypes } from '../../src/lib/clients/classification.table';
import { badges } from '../../src/lib/clients/badges.table';
import type { TestContext } from './helpers';

/** The classification, a badge and the zone chiefs a client needs, made straight in the database. */
export async function clientFixtures(t: TestContext) {
  const [type] = await t.db.insert(clientTypes).values({ name: 'Grossiste', position: 1 }).returning();
  const [circuit] = await t.db.insert(clientCircuits).values({ name: 'Traditionnel' }).returning();
  const [activity] = await t.db.insert(clientActivities).values({ name: 'Épicerie', code: 'EPI', circuitId: circuit.id }).returning();
  const [other] = await t.db.insert(clientActivities).values({ name: 'Café', code: 'CAF', circuitId: circuit.id }).returning();
  const [category] = await t.db.insert(clientCategories).values({ name: 'Épicerie A', activityId: activity.id }).returning();
  const [gold] = await t.db.insert(badges).values({ name: 'Or', bonusBadge: 500, isActive: 1 }).returning();
  const [silver] = await t.db.insert(badges).values({ name: 'Argent', bonusBadge: 200, isActive: 1 }).returning();
  const [chef] = await t.db.update(users).set({ codeChefZone: 'CZ-NORD' }).where(eq(users.email, 'chef@demo.tn')).returning();
  const [chefRole] = await t.db.select().from(roles).where(eq(roles.label, ROLE.chefZone));
  const [otherChef] = await t.db
    .insert(users)
    .values({ email: 'sud@demo.tn', passwordHash: chef.passwordHash, firstname: 'Sana', lastname: 'Ben Ali', roleId: chefRole.id, codeChefZone: 'CZ-SUD' })
    .returning();
  const [patente] = await t.db.select().from(roles).where(eq(roles.label, ROLE.patente));
  return { type, circuit, activity, other, category, gold, silver, chef, otherChef, patenteRole: patente.id };
}

export type Fixtures = Awaited<ReturnType<typeof clientFixtures>>;

let n = 0;
/** A complete add-dialog body: every field the add dialog requires. */
export function fullClient(f: Fixtures, over: Record<string, unknown> = {}) {
  n++;
  return {
    CODE_CLIENT: `C${String(n).padStart(4, '0')}`,
    NAME: `Client ${n}`,
    TVA: '1234567A',
    ADDRESS: 'Rue de Marseille, Tunis',
    TYPE_CLIENT_ID: f.type.id,
    GSM: '98123456',
    CIRCUIT: f.circuit.id,
    ACTIVITE: f.activity.id,
    CATEGORY: f.category.id,
    CHEF_ZONE_ID: f.chef.id,
    IS_ACTIVE: 1,
    NUM_SIRET: 'S-1',
    C_PAYEUR: 'P-1',
    C_RISQUE: 'R-1',
    PERCENTAGE: '2.5',
    PAIEMENT: 'Chèque',
    DELAI_RECUPERATION: '30',
    CODE_COMPTABLE: '411000',
    SECTION: 'A',
    REPRESENTANT_1: 'Rep Un',
    REPRESENTANT_2: 'Rep Deux',
    OBSERVATIONS: 'RAS',
    GOUVERNORAT: 'Tunis',
    CITY: 'Tunis',
    FAX: '71123456',
    DELAI_LIVRAISON: '2',
    SITE: 'Tunis Nord',
    STATUS: 0,
    ...over,
  };
}
