import { z } from 'zod';
import { tarifBody } from './catalogue';
import { CLIENT_FIELD_RULES } from './clients';
import { calendarDate, decimal3, optionalText, requiredText, wholeNumber } from './fields';
import { MAX_FILE_SIZE } from './files';
import { PRODUCT_MSG, productBody, ttcBelowHt } from './products';

/**
 * The ERP data synchronisation: six kinds, the file each reads
 * from SYNC_DIR, its columns and the rule of each row. The server validates every row with these
 * before it writes anything; the screen shows the same names.
 */
export const SYNC_KINDS = ['products', 'images', 'invoices', 'clients', 'remises', 'tarifs'] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];

export interface SyncColumn {
  name: string;
  required: boolean;
  /** A decimal the ERP may write with a comma (`12,500`). */
  decimal?: boolean;
  /** A day the ERP may write DD/MM/YYYY. */
  date?: boolean;
}

export interface SyncDef {
  kind: SyncKind;
  /** Screen title of the card. */
  title: string;
  /** "Synchronisation des {label} réussie". */
  label: string;
  /** The spec's call (GET, from SYNC_DIR; POST with an uploaded file). */
  path: string;
  /** File (or folder for images) in SYNC_DIR. */
  file: string;
  /** Columns forming the natural key (a second row with the same key is rejected). */
  key: readonly string[];
  columns: readonly SyncColumn[];
}

const col = (name: string, required = false, extra: Partial<SyncColumn> = {}): SyncColumn => ({ name, required, ...extra });

/** Client columns: the form's fields, classification by name (activity by code) instead of ids. */
const CLIENT_TEXT_COLUMNS = [
  'TVA',
  'RNE',
  'PATENT',
  'ADDRESS',
  'GSM',
  'IS_ACTIVE',
  'STATUS',
  'NUM_SIRET',
  'C_FACTURE',
  'C_PAYEUR',
  'C_GROUP',
  'C_RISQUE',
  'TAXE',
  'PERCENTAGE',
  'PAIEMENT',
  'REGLEMENT',
  'DELAI_RECUPERATION',
  'ENCOURS_COMMERCIAL',
  'CODE_COMPTABLE',
  'SECTION',
  'ENCOURS_AUTORISE',
  'REPRESENTANT_1',
  'REPRESENTANT_2',
  'OBSERVATIONS',
  'GOUVERNORAT',
  'REGION',
  'DESTINATION',
  'CITY',
  'POSTAL_CODE',
  'FAX',
  'LATITUDE',
  'LONGITUDE',
  'ADD_LIVRAISON',
  'MODE_LIVRAISON',
  'DELAI_LIVRAISON',
  'SITE',
  'GSM_FID',
  'GSM_SYS',
  'EMAIL',
] as const;
const CLIENT_DECIMALS = new Set(['PERCENTAGE', 'ENCOURS_COMMERCIAL', 'ENCOURS_AUTORISE', 'LATITUDE', 'LONGITUDE']);

export const SYNC_DEFS: Record<SyncKind, SyncDef> = {
  products: {
    kind: 'products',
    title: 'Produits',
    label: 'produits',
    path: 'syncProductsFromCSV',
    file: 'products.csv',
    key: ['REF'],
    columns: [
      col('REF', true),
      col('LABEL', true),
      col('LABEL_AR', true),
      col('DESCRIPTION'),
      col('DESCRIPTION_AR'),
      col('CODE_CATEGORIE', true),
      col('PRICE_HT', true, { decimal: true }),
      col('PRICE_TTC', true, { decimal: true }),
      col('QTE', true),
      col('UNITE_VENTE'),
      col('POINTS'),
      col('TYPE'),
      col('NATURE'),
      col('BRAND'),
    ],
  },
  images: { kind: 'images', title: 'Images des produits', label: 'images des produits', path: 'syncProductsImage', file: 'images/', key: ['REF'], columns: [] },
  invoices: {
    kind: 'invoices',
    title: 'Factures (commandes)',
    label: 'factures',
    path: 'syncInvoicesFromCSV',
    file: 'invoices.csv',
    key: ['NUM_FACTURE', 'LIGNE'],
    columns: [
      col('NUM_FACTURE', true),
      col('LIGNE', true),
      col('DATE_FACTURE', true, { date: true }),
      col('CODE_CLIENT', true),
      col('REF', true),
      col('QTE', true),
      col('PRIX_UNITAIRE_TTC', false, { decimal: true }),
    ],
  },
  clients: {
    kind: 'clients',
    title: 'Clients',
    label: 'clients',
    path: 'syncClientsFromCSV',
    file: 'clients.csv',
    key: ['CODE_CLIENT'],
    columns: [
      col('CODE_CLIENT', true),
      col('NAME', true),
      col('TYPE_CLIENT'),
      col('CIRCUIT'),
      col('ACTIVITE'),
      col('CATEGORY'),
      ...CLIENT_TEXT_COLUMNS.map((c) => col(c, false, { decimal: CLIENT_DECIMALS.has(c) })),
    ],
  },
  remises: {
    kind: 'remises',
    title: 'Remises clients',
    label: 'remises',
    path: 'syncRemisesFromCSV',
    file: 'remises.csv',
    key: ['CODE_CLIENT'],
    columns: [
      col('CODE_CLIENT', true),
      col('REMISE_GLOBAL', false, { decimal: true }),
      col('REMISE_N', false, { decimal: true }),
      col('REMISE_N_1', false, { decimal: true }),
    ],
  },
  tarifs: {
    kind: 'tarifs',
    title: 'Tarifs',
    label: 'tarifs',
    path: 'syncTarifsFromCSV',
    file: 'tarifs.csv',
    key: ['ARTICLE', 'CIRCUIT', 'MSTRDAT'],
    columns: [
      col('ARTICLE', true),
      col('CIRCUIT', true),
      col('MSTRDAT', true, { date: true }),
      col('MENDDAT', true, { date: true }),
      col('REMISE', true, { decimal: true }),
      col('PHT', true, { decimal: true }),
      col('DESCRIPTION'),
    ],
  },
};

/** Images: a file per product, named after its REF (`REF.jpg`, or `REF_2.jpg` for a second one). */
export const SYNC_IMAGE_MAX = MAX_FILE_SIZE;
export const SYNC_IMAGE_NAME = /^(.+?)(?:_(\d{1,2}))?\.(png|jpe?g|gif|webp)$/i;

export const SYNC_MSG = {
  success: (kind: SyncKind) => `Synchronisation des ${SYNC_DEFS[kind].label} réussie`,
  failure: (kind: SyncKind) => `Synchronisation des ${SYNC_DEFS[kind].label} échouée`,
  checked: (kind: SyncKind) => `Vérification des ${SYNC_DEFS[kind].label} terminée`,
  running: (kind: SyncKind) => `Une synchronisation des ${SYNC_DEFS[kind].label} est déjà en cours : attendez sa fin.`,
  fileMissing: (file: string) => `Fichier ${file} introuvable dans le dossier de synchronisation.`,
  missingColumn: (name: string) => `Colonne obligatoire absente de l'en-tête : ${name}.`,
  noRows: 'Le fichier ne contient aucune ligne de données.',
  badCsv: (why: string) => `Fichier CSV illisible : ${why}`,
  duplicate: (line: number) => `Doublon de la ligne ${line} (même clé).`,
  unknownClient: 'Code client inconnu.',
  unknownProduct: 'Référence produit inconnue.',
  unknownCategory: 'Code catégorie inconnu.',
  unknownBrand: 'Marque inconnue.',
  unknownCircuit: 'Circuit inconnu.',
  unknownType: 'Type de client inconnu.',
  unknownActivity: "Code d'activité inconnu.",
  unknownClientCategory: 'Catégorie de client inconnue.',
  invoiceMismatch: 'Date ou client différent de la première ligne de cette facture.',
  imageName: 'Nom de fichier attendu : REF.png, REF.jpg, REF.gif ou REF.webp (REF_2.jpg pour une deuxième image).',
  imageType: "Ce fichier n'est pas une image PNG, JPEG, GIF ou WebP.",
  imageSize: 'Image de plus de 5 Mo.',
  interrupted: 'Interrompue : le serveur s’est arrêté pendant la synchronisation, rien n’a été appliqué.',
} as const;

/** A rejected row of a run: its line in the file (1 = header), the column and why. */
export interface SyncRejection {
  line: number;
  field: string;
  message: string;
}

const deciCommaRe = /^\s*\d+,\d{1,3}\s*$/;
const frDateRe = /^\s*(\d{2})\/(\d{2})\/(\d{4})\s*$/;

/** The ERP's local forms, made canonical before the domain rules read them: `12,5` → `12.5`, `31/12/2025` → `2025-12-31`. */
export function normalizeCell(column: SyncColumn | undefined, value: string): string {
  if (!column) return value;
  if (column.decimal && deciCommaRe.test(value)) return value.trim().replace(',', '.');
  if (column.date) {
    const m = frDateRe.exec(value);
    if (m) return `${m[3]}-${m[2]}-${m[1]}`;
  }
  return value;
}

/**
 * The header read against the kind's columns, case and spaces ignored (a BOM is removed by the
 * reader): the canonical name of each header cell (null for a column we do not know, ignored) and
 * the required columns missing.
 */
export function matchHeader(kind: SyncKind, header: readonly string[]): { names: (string | null)[]; missing: string[] } {
  const known = new Map(SYNC_DEFS[kind].columns.map((c) => [c.name, c.name]));
  const names = header.map((h) => known.get(h.trim().toUpperCase().replace(/\s+/g, '_')) ?? null);
  const missing = SYNC_DEFS[kind].columns.filter((c) => c.required && !names.includes(c.name)).map((c) => c.name);
  return { names, missing };
}

const { CATEGORY: _category, ...productShape } = productBody.shape;
const productRow = z
  .object({ ...productShape, CODE_CATEGORIE: requiredText(30), BRAND: optionalText(100) })
  .omit({ IS_NEW: true, ORDER_NEW: true, VISIBLE: true, BRAND_ID: true })
  .refine((v) => !ttcBelowHt(v.PRICE_HT, v.PRICE_TTC), { error: PRODUCT_MSG.ttcBelowHt, path: ['PRICE_TTC'] });

const invoiceRow = z.object({
  NUM_FACTURE: requiredText(40),
  LIGNE: wholeNumber(),
  DATE_FACTURE: calendarDate(),
  CODE_CLIENT: requiredText(30),
  REF: requiredText(50),
  QTE: wholeNumber().refine((v) => v > 0, { error: 'La quantité doit être au moins 1.' }),
  PRIX_UNITAIRE_TTC: decimal3()
    .nullish()
    .or(z.literal('').transform(() => null)),
});

const rules = CLIENT_FIELD_RULES as Record<string, z.ZodType>;
const clientRow = z.object({
  CODE_CLIENT: requiredText(30),
  NAME: requiredText(150),
  TYPE_CLIENT: optionalText(100),
  CIRCUIT: optionalText(100),
  ACTIVITE: optionalText(30),
  CATEGORY: optionalText(100),
  ...Object.fromEntries(CLIENT_TEXT_COLUMNS.map((c) => [c, (rules[c] ?? rules[c === 'LATITUDE' ? 'Latitude' : 'Longitude']).optional()])),
});

const money = () =>
  decimal3()
    .nullish()
    .or(z.literal('').transform(() => null));
const remiseRow = z.object({ CODE_CLIENT: requiredText(30), REMISE_GLOBAL: money(), REMISE_N: money(), REMISE_N_1: money() });

const ROW_SCHEMAS: Record<Exclude<SyncKind, 'images'>, z.ZodType> = {
  products: productRow,
  invoices: invoiceRow,
  clients: clientRow,
  remises: remiseRow,
  tarifs: tarifBody,
};

export type SyncRowResult = { ok: true; value: Record<string, unknown> } | { ok: false; errors: { field: string; message: string }[] };

/**
 * One data row checked with the domain's rules (the same as the forms'): `cells` by canonical column
 * name, absent columns left out (the server then leaves those fields as they are).
 */
export function validateSyncRow(kind: Exclude<SyncKind, 'images'>, cells: Record<string, string>): SyncRowResult {
  const byName = new Map(SYNC_DEFS[kind].columns.map((c) => [c.name, c]));
  const input: Record<string, string> = {};
  for (const [k, v] of Object.entries(cells)) input[k] = normalizeCell(byName.get(k), v);
  const parsed = ROW_SCHEMAS[kind].safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data as Record<string, unknown> };
  return { ok: false, errors: parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message })) };
}

/** Distinct values remembered per column before its memo starts again (bounds a run's memory). */
const MEMO_LIMIT = 50_000;
type CellResult = { ok: true; value: unknown } | { ok: false; messages: string[] };

/**
 * A row checker for one run, with the same outcome as `validateSyncRow`: ERP files repeat their
 * values (an invoice's lines share its number, day and client; a few hundred products and quantities
 * recur), so when the kind's rules are column by column (no rule across columns) each column's
 * verdict is remembered per distinct value, and a million-line file is checked in a fraction of the
 * time. Kinds with a rule across columns (products: TTC below HT) are checked whole, every row.
 */
export function syncRowValidator(kind: Exclude<SyncKind, 'images'>): (cells: Record<string, string>) => SyncRowResult {
  const schema = ROW_SCHEMAS[kind];
  const byName = new Map(SYNC_DEFS[kind].columns.map((c) => [c.name, c]));
  if (!(schema instanceof z.ZodObject) || (schema._zod.def.checks?.length ?? 0) > 0) {
    return (cells) => {
      const input: Record<string, string> = {};
      for (const k in cells) input[k] = normalizeCell(byName.get(k), cells[k]);
      const parsed = schema.safeParse(input);
      if (parsed.success) return { ok: true, value: parsed.data as Record<string, unknown> };
      return { ok: false, errors: parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message })) };
    };
  }
  const columns = Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, rule]) => ({
    name,
    rule,
    def: byName.get(name),
    memo: new Map<string | undefined, CellResult>(),
  }));
  return (cells) => {
    const value: Record<string, unknown> = {};
    let errors: { field: string; message: string }[] | null = null;
    for (const c of columns) {
      const raw = cells[c.name];
      const input = raw === undefined ? undefined : normalizeCell(c.def, raw);
      let verdict = c.memo.get(input);
      if (!verdict) {
        const parsed = c.rule.safeParse(input);
        verdict = parsed.success ? { ok: true, value: parsed.data } : { ok: false, messages: parsed.error.issues.map((i) => i.message) };
        if (c.memo.size >= MEMO_LIMIT) c.memo.clear();
        c.memo.set(input, verdict);
      }
      if (verdict.ok) {
        if (verdict.value !== undefined) value[c.name] = verdict.value;
      } else {
        errors ??= [];
        for (const message of verdict.messages) errors.push({ field: c.name, message });
      }
    }
    return errors ? { ok: false, errors } : { ok: true, value };
  };
}

/** Outcome of a run (history). */
export const SYNC_RESULTS = {
  running: 'En cours',
  success: 'Réussie',
  checked: 'Vérifiée',
  rejected: 'Rejetée',
  failed: 'Échouée',
} as const;
export type SyncResult = keyof typeof SYNC_RESULTS;

export interface SyncRun {
  id: number;
  KIND: SyncKind;
  DRY_RUN: boolean;
  RESULT: SyncResult;
  USER_EMAIL: string | null;
  FILE_NAME: string;
  SHA256: string | null;
  STARTED_AT: string;
  DURATION_MS: number | null;
  TOTAL: number;
  INSERTED: number;
  UPDATED: number;
  UNCHANGED: number;
  REJECTED: number;
  MESSAGE: string | null;
  /** The first rejected rows (up to SYNC_REJECTIONS_KEPT). */
  REJECTIONS: SyncRejection[];
  PROGRESS: { done: number; total: number; step: string } | null;
}

/** Rejected rows kept with a run (the counts are always whole). */
export const SYNC_REJECTIONS_KEPT = 1000;
export const SYNC_RUNS_PAGE_SIZE = 20;
