import { ACCOUNT_CODES, ROLE } from '@app/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { demoPasswordHash, ensureRoles } from '../../db/seed-accounts';
import { users } from '../../lib/auth/accounts.table';
import { clientTypes } from '../../lib/clients/classification.table';

/** The demo chief chef@demo.tn (made by seed-accounts.ts) gets this code. */
export const DEMO_CHIEF_CODE = 'CZ-NORD';

const CHIEFS = [
  { email: 'sana.benali@demo.tn', code: 'CZ-CENTRE', firstname: 'Sana', lastname: 'Ben Ali', gsm: '+21698765432', company: 'Superette' },
  { email: 'hatem.jlassi@demo.tn', code: 'CZ-SUD', firstname: 'Hatem', lastname: 'Jlassi', gsm: '+21675123456', company: 'Grossiste' },
] as const;

// [email, first name, last name, phone, role, company (client type), active]
const BACK_OFFICE: [string, string, string, string, string, string, 0 | 1][] = [
  ['yasmine.benamor@demo.tn', 'Yasmine', 'Ben Amor', '+21620111222', ROLE.admin, 'Grossiste', 1],
  ['mehdi.chaabane@demo.tn', 'Mehdi', 'Chaabane', '+21621333444', ROLE.admin, 'Superette', 1],
  ['rania.khelifi@demo.tn', 'Rania', 'Khelifi', '+21652555666', ROLE.commercial, 'Détaillant', 0],
  ['walid.ferchichi@demo.tn', 'Walid', 'Ferchichi', '+21658777888', ROLE.magasinier, 'Hôtel & Restaurant', 1],
];

/**
 * Demo staff: the zone chiefs (chef@demo.tn with its code, and two more who sign in with the demo
 * password) and back-office users with their companies. Companies are the client types of the
 * classification seed; without it they stay empty. Runs once on an empty embedded database, after
 * seedDemoAccounts and seedClassification; safe to run again (existing accounts are left alone).
 */
export async function seedStaff(db: Db, demoPassword: string) {
  const roleIds = await ensureRoles(db);
  const types = await db.select({ id: clientTypes.id, name: clientTypes.name }).from(clientTypes);
  const company = (name: string) => types.find((t) => t.name === name)?.id ?? null;
  const passwordHash = await demoPasswordHash(demoPassword);

  await db
    .update(users)
    .set({ codeChefZone: DEMO_CHIEF_CODE, typeClientId: company('Détaillant') })
    .where(and(eq(users.email, 'chef@demo.tn'), isNull(users.codeChefZone)));

  const taken = new Set(
    (
      await db
        .select({ code: users.codeChefZone })
        .from(users)
        .where(
          inArray(
            users.codeChefZone,
            CHIEFS.map((c) => c.code),
          ),
        )
    ).map((r) => r.code),
  );
  const chiefs = CHIEFS.filter((c) => !taken.has(c.code)).map((c) => ({
    email: c.email,
    passwordHash,
    firstname: c.firstname,
    lastname: c.lastname,
    gsm: c.gsm,
    roleId: roleIds.get(ROLE.chefZone)!,
    codeChefZone: c.code,
    typeClientId: company(c.company),
    status: ACCOUNT_CODES.ACTIVE,
  }));
  if (chiefs.length) await db.insert(users).values(chiefs).onConflictDoNothing();

  await db
    .insert(users)
    .values(
      BACK_OFFICE.map(([email, firstname, lastname, gsm, role, type, status]) => ({
        email,
        passwordHash,
        firstname,
        lastname,
        gsm,
        roleId: roleIds.get(role)!,
        typeClientId: company(type),
        status,
      })),
    )
    .onConflictDoNothing();
}
