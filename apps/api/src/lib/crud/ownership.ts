import type { SQL } from 'drizzle-orm';
import type { CurrentUser } from '../auth/current-user';

/**
 * The rows a user may reach, for rows that belong to an owner row (a client's orders, conversions,
 * vouchers: lib/clients/client-ownership.ts states the zone chief's rule). Named after what owns
 * the rows (`ownedBy`): the generic router marks each route of a scoped resource with it, so that the
 * tests list every such route from the route table (test/contract/zone-scope.test.ts).
 */
export type RowScope = ((user: ScopeUser) => SQL | undefined) & { readonly ownedBy: string };
/** What a scope reads of the signed-in user. */
export type ScopeUser = Pick<CurrentUser, 'id' | 'role'>;

/** A row scope named after the owner of the rows. */
export const rowScope = (ownedBy: string, scope: (user: ScopeUser) => SQL | undefined): RowScope => Object.assign(scope, { ownedBy });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads or writes rows of an owner (`client`) and applies its rule (see RowScope). */
    ownedBy?: string;
  }
}

/** The route config marking a scoped resource's routes with the owner of its rows (nothing without a scope). */
export const ownedByConfig = (scope: RowScope | undefined): { ownedBy?: string } => (scope ? { ownedBy: scope.ownedBy } : {});
