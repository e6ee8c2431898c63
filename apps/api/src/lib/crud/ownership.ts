import type { SQL } from 'drizzle-orm';
import type { CurrentUser } from '../../plugins/auth';

/**
 * Rows that belong to an owner row a user may or may not reach (a client's orders, conversions,
 * vouchers: modules/contacts/client-ownership.ts states the rule). A resource declares it as `owner`;
 * the generic router applies `scope` to every list, export, read, update, delete and media call
 * (another row is a 404 for this user) and marks each of its routes with `ownedBy`.
 */
export interface Ownership {
  /** What owns the rows ('client'): the `ownedBy` of the resource's routes. */
  ownedBy: string;
  /** The rows this user may reach, or undefined for all. */
  scope(user: CurrentUser): SQL | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads or writes rows of an owner (`client`) and applies its ownership rule. Lets the
     * tests list every such route from the route table (test/zone-scope.test.ts).
     */
    ownedBy?: string;
  }
}

/** The route config marking a resource's routes with its owner (nothing for a resource without one). */
export const ownedByConfig = (owner: Ownership | undefined): { ownedBy?: string } => (owner ? { ownedBy: owner.ownedBy } : {});
