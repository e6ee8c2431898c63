import { z } from 'zod';
import { integer } from './fields';
import { MSG } from './messages';

/** Where a ledger row comes from. */
export const POINT_SOURCES = ['offer', 'badge', 'order', 'gift', 'adjustment', 'return', 'expiry'] as const;
export type PointSource = (typeof POINT_SOURCES)[number];
export const POINT_SOURCE_LABELS: Record<PointSource, string> = {
  offer: 'Points offerts',
  badge: 'Badge',
  order: 'Commande',
  gift: 'Cadeau',
  adjustment: 'Correction',
  return: 'Retour de marchandises',
  expiry: 'Points expirés',
};

export const POINTS_MAX = 10_000_000;

/**
 * The clients' points lists (GET clients/points: balances; GET of the offered points): hand-written
 * routes, not generic resources, so their sort keys are declared here once, read by the API's sort
 * map and by the screens' columns test.
 */
export const CLIENT_POINTS_LISTS = {
  path: 'clients/points',
  sortable: ['CODE_CLIENT', 'NAME', 'POINTS_FID', 'POINTS_OFFERED', 'POINTS_EXPIRANT'],
  defaultSort: { field: 'CODE_CLIENT', order: 'asc' },
} as const;

export const POINTS_MESSAGES = {
  notTaken: 'Valeur non prise en compte',
  insufficient: 'Solde de points insuffisant',
  confirm: (amount: number, balance: number) => `Voulez vous vraiment ajouter ${amount} au solde de: ${balance} points`,
  added: 'Points ajoutés',
} as const;

/** A signed whole number of points, not 0 (in the points edit, 0 is "not taken"). */
export const pointsAmount = () =>
  integer({ min: -POINTS_MAX, max: POINTS_MAX, invalid: 'Nombre entier de points attendu.', range: MSG.number, empty: POINTS_MESSAGES.notTaken }).refine(
    (v) => v !== 0,
    {
      error: POINTS_MESSAGES.notTaken,
    },
  );

/** Offered points are a gift: strictly positive. */
export const offeredPoints = () => pointsAmount().refine((v) => v > 0, { error: 'Le nombre de points offerts doit être positif.' });

/** Points edit of a client's balance (Référentiel > Points): negative corrections allowed. */
export const pointsEditBody = z.object({ POINTS: pointsAmount(), REASON: z.string().trim().max(300).optional() });

/** What a staff member's edit does, before asking: null when nothing is to be saved. */
export function pointsEditPrompt(raw: unknown, balance: number): { amount: number; message: string } | { error: string } {
  const parsed = pointsAmount().safeParse(raw === '' || raw == null ? 0 : raw);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? POINTS_MESSAGES.notTaken };
  if (balance + parsed.data < 0) return { error: POINTS_MESSAGES.insufficient };
  return { amount: parsed.data, message: POINTS_MESSAGES.confirm(parsed.data, balance) };
}

export interface PointsLedgerRow {
  id: number;
  CLIENT_ID: number;
  AMOUNT: number;
  BALANCE_AFTER: number;
  SOURCE: PointSource;
  SOURCE_LABEL: string;
  REASON: string;
  AUTHOR: string | null;
  CREATED_AT: string;
}

const idList = (message: string) =>
  z
    .array(integer({ min: 1, invalid: MSG.invalidId }), { error: message })
    .min(1, { error: message })
    .max(100_000);

/** Offered points: to chosen clients, to every client of activities, to a file of codes. */
export const offerToClientsBody = z.object({ POINTS_OFFERED: offeredPoints(), CLIENTS: idList('Choisissez au moins un client.') });
export const offerToActivitiesBody = z.object({ POINTS_OFFERED: offeredPoints(), ACTIVITIES: idList('Choisissez au moins une activité.') });
/** The edit of a row of the offered-points list: the client's new offered total (the difference is written). */
export const offerEditBody = z.object({
  POINTS_OFFERED: integer({ max: POINTS_MAX, invalid: 'Nombre entier de points attendu.', range: MSG.number, empty: POINTS_MESSAGES.notTaken }),
});

export interface CodeLine {
  line: number;
  code: string;
}
export interface CodeFileProblem {
  line: number;
  code: string;
  message: string;
}

export const CODE_FILE_MESSAGES = {
  empty: 'Le fichier ne contient aucun code client.',
  duplicate: (first: number) => `Code en double (déjà à la ligne ${first}).`,
  unknown: 'Code client introuvable.',
  tooLong: 'Code client trop long (30 caractères au plus).',
} as const;

/**
 * Client codes of an uploaded CSV or text file: the first cell of each line (`;` or `,`), a header
 * line CODE_CLIENT skipped, blank lines ignored, UTF-8 with or without BOM. Duplicates are problems.
 */
export function parseClientCodes(text: string): { codes: CodeLine[]; problems: CodeFileProblem[] } {
  const codes: CodeLine[] = [];
  const problems: CodeFileProblem[] = [];
  const seen = new Map<string, number>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  for (const [i, raw] of lines.entries()) {
    const line = i + 1;
    const code = (raw.split(/[;,]/)[0] ?? '')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    if (!code) continue;
    if (codes.length === 0 && problems.length === 0 && /^code[_ ]?client$/i.test(code)) continue;
    const key = code.toLowerCase();
    const first = seen.get(key);
    if (code.length > 30) problems.push({ line, code, message: CODE_FILE_MESSAGES.tooLong });
    else if (first !== undefined) problems.push({ line, code, message: CODE_FILE_MESSAGES.duplicate(first) });
    else {
      seen.set(key, line);
      codes.push({ line, code });
    }
  }
  return { codes, problems };
}

/**
 * An open points lot of a client (GET clients/{id}/lots): one credit with what is left of it and when
 * it expires. The remaining amounts of a client's open lots add up to its balance.
 */
export interface PointsLot {
  id: number;
  /** When the points were credited (ISO). */
  CREATED_AT: string;
  /** The credit's ledger source; null for the lot a balance became when lots were introduced. */
  SOURCE: PointSource | null;
  ORIGIN: string;
  /** The credit's reason in the ledger (« Commande CMD-… traitée »…). */
  REASON: string | null;
  AMOUNT: number;
  REMAINING: number;
  /** The last day the points can be spent (YYYY-MM-DD, Tunis); null when they never expire. */
  LAST_DAY: string | null;
}

/** Where a lot's points came from, as the client's detail says it. */
export function lotOrigin(source: PointSource | null): string {
  if (source === null) return 'Solde à l’ouverture des lots';
  // A positive gift row is a refused or cancelled gift's points given back.
  if (source === 'gift') return 'Remboursement de cadeau';
  return POINT_SOURCE_LABELS[source];
}

/** The open lots list: its page size, and how many next expiry dates the app is given. */
export const POINTS_LOTS_PAGE_SIZE = 20;
export const APP_NEXT_EXPIRIES = 3;
