import { z } from 'zod';
import { clientStatus } from './clients';
import { integer, optionalText, queryInteger, refId, statusCode } from './fields';
import { formatInteger } from './format';
import { ORDER_STATUS, orderFilters } from './orders';
import { offeredPoints } from './points';
import { type Action, can, ROLE } from './permissions';

/**
 * Bulk actions: one call per list and action, `POST /api/<path>/bulk/<action>`, on the
 * rows ticked (`ids`) or on every row matching the list's current filter (`filter`), plus the
 * action's own params. The API checks each row as the single action does and answers how many
 * changed and which were refused, with the reason. The web's bulk bar and its confirmation read the
 * same declarations.
 */

/** Rows one bulk call may reach (ids sent or rows matched by a filter). */
export const BULK_MAX_ROWS = 100_000;
/** Refused rows listed in a reply (the count says how many there were in all). */
export const BULK_REFUSED_SHOWN = 200;

export const BULK_MSG = {
  tooMany: `Trop de lignes : affinez le filtre (${formatInteger(BULK_MAX_ROWS)} au plus).`,
  oneTarget: 'Indiquez soit les lignes cochées (ids), soit le filtre de la liste (filter), pas les deux.',
  noRows: 'Cochez au moins une ligne.',
  duplicateIds: 'Identifiants en double.',
  /** A row this user may not see, or that no longer exists: never said otherwise (no leak). */
  notFound: 'Introuvable',
  forRole: 'Action non disponible pour votre rôle.',
  done: (changed: number) => (changed === 1 ? '1 ligne modifiée.' : `${formatInteger(changed)} lignes modifiées.`),
} as const;

/** The list's search and tags (the list GET's `search` and `tags`), plus its own filters, as the GET takes them (strings). */
export const bulkFilter = <S extends z.ZodRawShape>(own: S) =>
  z
    .object({
      search: z.string().max(200).optional(),
      tags: z.array(z.string().max(100)).max(10).optional(),
      ...own,
    })
    .strict();

const ids = z
  .array(z.number({ error: 'Identifiant invalide.' }).int({ error: 'Identifiant invalide.' }).min(1, { error: 'Identifiant invalide.' }), {
    error: BULK_MSG.noRows,
  })
  .min(1, { error: BULK_MSG.noRows })
  .max(BULK_MAX_ROWS, { error: BULK_MSG.tooMany })
  .refine((list) => new Set(list).size === list.length, { error: BULK_MSG.duplicateIds });

/**
 * The body of one bulk call: exactly one of `ids` and `filter`, and the action's params beside them
 * (strict: an unknown key is a 422).
 */
export function bulkBody<F extends z.ZodType, P extends z.ZodRawShape>(filter: F, params: P = {} as P) {
  return z
    .object({ ids: ids.optional(), filter: filter.optional(), ...params })
    .strict()
    .superRefine((value, ctx) => {
      const v = value as { ids?: unknown; filter?: unknown };
      const n = Number(v.ids !== undefined) + Number(v.filter !== undefined);
      if (n !== 1) ctx.addIssue({ code: 'custom', message: BULK_MSG.oneTarget, path: [v.ids === undefined ? 'ids' : 'filter'] });
    });
}

export interface BulkRefusal {
  id: number;
  /** What identifies the row to a user (client code and name, order number…). */
  label: string;
  /** In French. */
  reason: string;
}
export interface BulkResult {
  /** Rows reached: the ids sent, or the rows the filter matched. */
  matched: number;
  changed: number;
  /** At most BULK_REFUSED_SHOWN rows. */
  refused: BulkRefusal[];
  refusedCount: number;
}

export interface BulkAction {
  /** URL segment: POST /api/<list path>/bulk/<key>. */
  readonly key: string;
  /** The bulk bar's button. */
  readonly label: string;
  /** The confirmation's verb (« Désactiver 37 clients ? »). */
  readonly verb: string;
  readonly permission: Action;
  /** Params beside ids/filter (also what the bar's small form asks). */
  readonly params?: z.ZodRawShape;
  /** Asks for a red confirmation (delete). */
  readonly danger?: boolean;
  /** A rule on the role besides the permission (conversions: a Magasinier prepares, the others ship). */
  readonly forRole?: (role: string | null | undefined) => boolean;
}

export interface BulkList {
  readonly key: string;
  /** URL segment under /api (the list's own path). */
  readonly path: string;
  /** Plural noun for the confirmation (« clients »), and the singular (« client »). */
  readonly plural: string;
  readonly singular: string;
  /** What `filter` may hold: the list GET's parameters minus page, perPage, sort, order. */
  readonly filter: z.ZodType;
  readonly actions: readonly BulkAction[];
}

const list = <const A extends readonly BulkAction[]>(l: Omit<BulkList, 'actions'> & { actions: A }) => l;
const activate = (permission: Action): BulkAction => ({ key: 'activate', label: 'Activer', verb: 'Activer', permission });
const deactivate = (permission: Action): BulkAction => ({ key: 'deactivate', label: 'Désactiver', verb: 'Désactiver', permission });
const remove = (permission: Action): BulkAction => ({ key: 'delete', label: 'Supprimer', verb: 'Supprimer', permission, danger: true });
/** The invitation mail's template (POST invite/mail's `template_key`). */
const inviteParams = { template_key: integer({ min: 1, invalid: 'Choisissez un modèle.', empty: 'Choisissez un modèle.' }) };
const conversionFilter = bulkFilter({ STATUS: queryInteger({ max: 4 }).optional(), CODE_CLIENT: z.string().trim().min(1).max(30).optional() });
const conversionActions = [
  { key: 'prepare', label: 'Préparer', verb: 'Préparer', permission: 'conversions:prepare', forRole: (role) => role === ROLE.magasinier },
  { key: 'ship', label: 'Expédier', verb: 'Expédier', permission: 'conversions:prepare', forRole: (role) => role !== ROLE.magasinier },
] as const satisfies readonly BulkAction[];

export const BULK_LISTS = {
  clients: list({
    key: 'clients',
    path: 'clients',
    plural: 'clients',
    singular: 'client',
    filter: bulkFilter({}),
    actions: [
      activate('clients:write'),
      deactivate('clients:write'),
      { key: 'status', label: 'Changer le statut', verb: 'Changer le statut de', permission: 'clients:write', params: { STATUS: clientStatus() } },
      // Admin only: a zone chief's clients stay his (the single form keeps them his whatever it is sent).
      {
        key: 'chef-zone',
        label: 'Affecter un chef de zone',
        verb: 'Affecter un chef de zone à',
        permission: 'chefzone:write',
        params: { CHEF_ZONE_ID: refId(false) },
      },
      // canChangeBadge: a badge credits points, so it takes points:write.
      { key: 'badge', label: 'Attribuer un badge', verb: 'Attribuer le badge à', permission: 'points:write', params: { BADGES_ID: refId() } },
      {
        key: 'points',
        label: 'Offrir des points',
        verb: 'Offrir des points à',
        permission: 'points:write',
        params: { points: offeredPoints(), reason: z.string({ error: 'Indiquez le motif.' }).trim().min(1, { error: 'Indiquez le motif.' }).max(300) },
      },
      { key: 'invite', label: 'Inviter leurs utilisateurs', verb: 'Inviter les utilisateurs de', permission: 'invitations:send', params: inviteParams },
      remove('clients:write'),
    ],
  }),
  /** The clients' mobile-app accounts (/layout/contacts/users, GET client-users). */
  users: list({
    key: 'users',
    path: 'client-users',
    plural: 'utilisateurs',
    singular: 'utilisateur',
    filter: bulkFilter({ status: queryInteger({ max: 1 }).optional() }),
    actions: [
      activate('users:write'),
      deactivate('users:write'),
      { key: 'invite', label: 'Inviter', verb: 'Inviter', permission: 'invitations:send', params: inviteParams },
      remove('users:write'),
    ],
  }),
  /** The back-office staff (GET back-office/users). */
  staffUsers: list({
    key: 'staffUsers',
    path: 'back-office/users',
    plural: 'utilisateurs',
    singular: 'utilisateur',
    filter: bulkFilter({}),
    actions: [activate('users:write'), deactivate('users:write'), remove('users:write')],
  }),
  orders: list({
    key: 'orders',
    path: 'orders',
    plural: 'commandes',
    singular: 'commande',
    filter: bulkFilter({
      STATUS: orderFilters.STATUS.optional(),
      CODE_CLIENT: orderFilters.CODE_CLIENT.optional(),
      DATE_DEBUT: orderFilters.DATE_DEBUT.optional(),
      DATE_FIN: orderFilters.DATE_FIN.optional(),
    }),
    actions: [
      {
        key: 'status',
        label: 'Changer le statut',
        verb: 'Changer le statut de',
        permission: 'orders:write',
        params: { STATUS: statusCode(ORDER_STATUS.codes) },
      },
      { key: 'site', label: 'Site d’expédition', verb: 'Changer le site d’expédition de', permission: 'orders:write', params: { SITE: optionalText(100) } },
      remove('orders:delete'),
    ],
  }),
  giftConversions: list({
    key: 'giftConversions',
    path: 'giftConversion',
    plural: 'conversions',
    singular: 'conversion',
    filter: conversionFilter,
    actions: conversionActions,
  }),
  starterConversions: list({
    key: 'starterConversions',
    path: 'startingGift-purchases',
    plural: 'demandes',
    singular: 'demande',
    filter: conversionFilter,
    actions: conversionActions,
  }),
  vouchers: list({
    key: 'vouchers',
    path: 'vochers',
    plural: 'vouchers',
    singular: 'voucher',
    filter: bulkFilter({}),
    actions: [activate('vouchers:write'), deactivate('vouchers:write')],
  }),
  products: list({
    key: 'products',
    path: 'products',
    plural: 'produits',
    singular: 'produit',
    filter: bulkFilter({ IS_NEW: queryInteger({ max: 1 }).optional() }),
    actions: [
      { key: 'visible', label: 'Rendre visible', verb: 'Rendre visibles', permission: 'products:manage' },
      { key: 'hidden', label: 'Masquer', verb: 'Masquer', permission: 'products:manage' },
      { key: 'new', label: 'Marquer nouveau', verb: 'Marquer comme nouveaux', permission: 'products:manage' },
      { key: 'not-new', label: 'Retirer des nouveautés', verb: 'Retirer des nouveautés', permission: 'products:manage' },
      remove('products:manage'),
    ],
  }),
} as const satisfies Record<string, BulkList>;
export type BulkListKey = keyof typeof BULK_LISTS;

/** The action of a list by key (undefined if the list has none of that name). */
export const bulkAction = (list: BulkList, key: string): BulkAction | undefined => list.actions.find((a) => a.key === key);

/** Whether the role may run the action (its permission and its role rule): the bar shows these only; the API enforces the same. */
export const canBulk = (role: string | null | undefined, action: BulkAction): boolean => can(role, action.permission) && (action.forRole?.(role) ?? true);

/** The actions of a list the role may run, in the list's order. */
export const bulkActionsFor = (list: BulkList, role: string | null | undefined): BulkAction[] => list.actions.filter((a) => canBulk(role, a));

/** The body schema of one list's action. */
export const bulkActionBody = (list: BulkList, action: BulkAction) => bulkBody(list.filter, action.params ?? {});

/** The confirmation: « Désactiver 37 clients ? », « Supprimer 1 commande ? ». */
export const bulkConfirm = (list: BulkList, action: BulkAction, n: number): string =>
  `${action.verb} ${formatInteger(n)} ${n === 1 ? list.singular : list.plural} ?`;

/** The reply's summary for a toast: « 35 lignes modifiées, 2 refusées. » */
export function bulkSummary(r: BulkResult): string {
  const changed = r.changed === 1 ? '1 ligne modifiée' : `${formatInteger(r.changed)} lignes modifiées`;
  if (!r.refusedCount) return `${changed}.`;
  return `${changed}, ${formatInteger(r.refusedCount)} ${r.refusedCount === 1 ? 'refusée' : 'refusées'}.`;
}
