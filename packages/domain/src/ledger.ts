/**
 * « Contrôle du registre » and « Passif du programme »: the ledger's invariants, each
 * checked in SQL by the API (modules/loyalty/ledger-verify.ts) and named here for the CLI, the screen
 * and the tests; the liability's groupings.
 */
export const LEDGER_INVARIANTS = ['balance', 'lot_remaining', 'lots_balance', 'points_year', 'orphan_rows', 'expired_open'] as const;
export type LedgerInvariant = (typeof LEDGER_INVARIANTS)[number];

export const LEDGER_INVARIANT_LABELS: Record<LedgerInvariant, string> = {
  balance: 'Solde = somme des mouvements du registre',
  lot_remaining: 'Reste de chaque lot = montant − consommations',
  lots_balance: 'Solde = somme des lots ouverts',
  points_year: 'POINTS_FID_N = crédits de l’année (Tunis)',
  orphan_rows: 'Aucun mouvement sans client',
  expired_open: 'Aucun lot expiré encore ouvert',
};

/**
 * A lot whose expiry passed less than this long ago is « en attente du passage quotidien », not an
 * error: the daily run (02:15, Tunis) comes within 24 h of any expiry; 2 h more let it finish.
 */
export const EXPIRY_GRACE_HOURS = 26;
/** Offenders listed per invariant (the count covers them all). */
export const LEDGER_OFFENDERS_MAX = 20;

export interface LedgerOffender {
  /** CODE_CLIENT, or the missing client's id for a row without a client. */
  CLIENT: string;
  NAME: string | null;
  /** What the row should hold, and what it holds. */
  EXPECTED: number;
  FOUND: number;
  /** The lot or ledger row in question, when the invariant is about one. */
  DETAIL: string | null;
}

export interface LedgerCheck {
  KEY: LedgerInvariant;
  LABEL: string;
  OK: boolean;
  COUNT: number;
  /** Expired lots still open but younger than the grace period (expired_open only). */
  PENDING: number;
  OFFENDERS: LedgerOffender[];
}

export interface LedgerReport {
  OK: boolean;
  CHECKED_AT: string;
  CHECKS: LedgerCheck[];
}

export const LIABILITY_GROUPS = ['chef_zone', 'badge', 'activity', 'expiry_month'] as const;
export type LiabilityGroup = (typeof LIABILITY_GROUPS)[number];
export const LIABILITY_GROUP_LABELS: Record<LiabilityGroup, string> = {
  chef_zone: 'Par chef de zone',
  badge: 'Par badge',
  activity: 'Par activité',
  expiry_month: 'Par mois d’expiration',
};
/** The label of a group whose key is null. */
export const LIABILITY_NONE: Record<LiabilityGroup, string> = {
  chef_zone: 'Sans chef de zone',
  badge: 'Sans badge',
  activity: 'Sans activité',
  expiry_month: 'Sans expiration',
};

export interface LiabilityRow {
  /** The grouping's key (chef's user id, badge id, activity id, YYYY-MM), null for « Sans … ». */
  KEY: string | null;
  LABEL: string;
  CLIENTS: number;
  POINTS: number;
  /** POINTS × POINT_VALUE, in millimes. */
  MILLIMES: number;
}

export interface Liability {
  POINT_VALUE: number;
  TOTAL: { CLIENTS: number; POINTS: number; MILLIMES: number };
  GROUPS: Record<LiabilityGroup, LiabilityRow[]>;
}

/** Millimes the points are worth at `pointValue` millimes each (integers, exact below 2^53). */
export const pointsValue = (points: number, pointValue: number): number => points * pointValue;
