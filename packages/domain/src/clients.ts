import { z } from 'zod';
import { decimal3, email, flag01, numberText, optionalText, refId, statusCode, TEL_MAX, wholeNumber } from './fields';
import { GOVERNORATES } from './geography';
import { MSG } from './messages';
import { CLIENT_STATUS } from './statuses';

/** Client. Two readings of "required": the add dialog's full list, the edit's light one. */

/** Empty text and null clear the field; the wrapper in `requiring` makes an absent field "unchanged". */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable());

const optionalPhone8 = () =>
  optional(
    z
      .string()
      .trim()
      .max(TEL_MAX, { error: MSG.phone8 })
      .regex(/^[0-9+]{8}$/, { error: MSG.phone8 }),
  );

const coordinate = (max: number) =>
  optional(
    z
      .union([numberText(), z.number()], { error: MSG.number })
      .transform((v) => Number(String(v).trim().replace(',', '.')))
      .pipe(z.number({ error: MSG.number }).min(-max, { error: MSG.number }).max(max, { error: MSG.number })),
  );

export const governorate = () => z.enum(GOVERNORATES, { error: 'Gouvernorat inconnu.' });
export const clientStatus = () => statusCode(CLIENT_STATUS.codes);

/** Every field of the client form, all optional: each reading then makes its own list required. */
const clientFields = {
  // Step 1
  CODE_CLIENT: optionalText(30),
  NAME: optionalText(150),
  TVA: optionalText(50),
  RNE: optionalText(50),
  PATENT: optionalText(50),
  ADDRESS: optionalText(255),
  TYPE_CLIENT_ID: refId(false),
  GSM: optionalPhone8(),
  CIRCUIT: refId(false),
  ACTIVITE: refId(false),
  CATEGORY: refId(false),
  BADGES_ID: refId(false),
  CHEF_ZONE_ID: refId(false),
  USERS: z.array(refId()).max(500).optional(),
  IS_ACTIVE: flag01().optional(),
  // Step 2
  NUM_SIRET: optionalText(50),
  C_FACTURE: optionalText(50),
  C_PAYEUR: optionalText(50),
  C_GROUP: optionalText(50),
  C_RISQUE: optionalText(50),
  TAXE: optionalText(50),
  PERCENTAGE: optional(decimal3()),
  PAIEMENT: optionalText(100),
  REGLEMENT: optionalText(100),
  DELAI_RECUPERATION: optional(wholeNumber()),
  ENCOURS_COMMERCIAL: optional(decimal3()),
  CODE_COMPTABLE: optionalText(50),
  SECTION: optionalText(50),
  ENCOURS_AUTORISE: optional(decimal3()),
  REPRESENTANT_1: optionalText(100),
  REPRESENTANT_2: optionalText(100),
  OBSERVATIONS: optionalText(2000),
  // Step 3
  GOUVERNORAT: optional(governorate()),
  REGION: optionalText(100),
  DESTINATION: optionalText(100),
  CITY: optionalText(100),
  POSTAL_CODE: optionalText(10),
  FAX: optionalPhone8(),
  Latitude: coordinate(90),
  Longitude: coordinate(180),
  ADD_LIVRAISON: optionalText(255),
  MODE_LIVRAISON: optionalText(100),
  DELAI_LIVRAISON: optional(wholeNumber()),
  SITE: optionalText(100),
  STATUS: optional(clientStatus()),
  // Detail page
  GSM_FID: optionalPhone8(),
  GSM_SYS: optionalPhone8(),
  EMAIL: optional(email()),
};

/** Each client field's own rule (the ERP synchronisation validates its rows with them). */
export const CLIENT_FIELD_RULES = clientFields;

/** The add dialog's required list (the first reading). */
export const CLIENT_CREATE_REQUIRED = [
  'CODE_CLIENT',
  'NAME',
  'TVA',
  'ADDRESS',
  'TYPE_CLIENT_ID',
  'GSM',
  'NUM_SIRET',
  'C_PAYEUR',
  'C_RISQUE',
  'PERCENTAGE',
  'PAIEMENT',
  'DELAI_RECUPERATION',
  'CODE_COMPTABLE',
  'SECTION',
  'REPRESENTANT_1',
  'REPRESENTANT_2',
  'OBSERVATIONS',
  'GOUVERNORAT',
  'CITY',
  'FAX',
  'DELAI_LIVRAISON',
  'SITE',
  'STATUS',
] as const satisfies readonly (keyof typeof clientFields)[];

/** The edit form's and the detail page's required list (second reading): ERP clients with gaps stay editable. */
export const CLIENT_UPDATE_REQUIRED = ['NAME', 'TVA', 'ADDRESS', 'STATUS', 'TYPE_CLIENT_ID', 'GSM'] as const satisfies readonly (keyof typeof clientFields)[];

const present = (v: unknown) => v !== null && v !== undefined;

/**
 * The reading's required fields give « obligatoire » when absent, empty or blank (together with every
 * other field's own error, in one pass); the other fields are optional: absent means unchanged on edit.
 */
function requiring(required: readonly string[]) {
  const shape = Object.fromEntries(
    Object.entries(clientFields).map(([k, v]) => [
      k,
      required.includes(k)
        ? z.preprocess((x) => (x === undefined ? null : x), v as z.ZodType).refine(present, { error: MSG.required })
        : (v as z.ZodType).optional(),
    ]),
  );
  return z.object(shape as { [K in keyof typeof clientFields]: z.ZodOptional<(typeof clientFields)[K]> });
}

export const clientCreateBody = requiring(CLIENT_CREATE_REQUIRED);
export const clientUpdateBody = requiring(CLIENT_UPDATE_REQUIRED);
export type ClientBody = z.input<typeof clientCreateBody>;
export type ClientValues = z.output<typeof clientCreateBody>;

/** Steps of the add/edit dialog: which fields each step validates before the next. */
export const CLIENT_STEPS = {
  identity: [
    'CODE_CLIENT',
    'NAME',
    'TVA',
    'RNE',
    'PATENT',
    'ADDRESS',
    'TYPE_CLIENT_ID',
    'GSM',
    'CIRCUIT',
    'ACTIVITE',
    'CATEGORY',
    'BADGES_ID',
    'CHEF_ZONE_ID',
    'USERS',
    'IS_ACTIVE',
  ],
  commercial: [
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
  ],
  delivery: [
    'GOUVERNORAT',
    'REGION',
    'DESTINATION',
    'CITY',
    'POSTAL_CODE',
    'FAX',
    'Latitude',
    'Longitude',
    'ADD_LIVRAISON',
    'MODE_LIVRAISON',
    'DELAI_LIVRAISON',
    'SITE',
    'STATUS',
  ],
} as const;

export const clientStatusBody = z.object({ STATUS: clientStatus() });
export const clientActiveBody = z.object({ IS_ACTIVE: flag01() });
export const clientBadgeBody = z.object({ BADGE: refId(false) });

export const CLIENT_MESSAGES = {
  codeExists: 'Le code client est déjà utilisée.',
  codeNotFound: 'Code Client introuvable',
  added: 'Client ajouté avec succés',
  notFound: 'Client introuvable',
  chefNotFound: 'Chef de zone introuvable',
  badgeForbidden: 'Vous ne pouvez pas changer le badge d’un client : un badge crédite des points. Demandez-le à un administrateur.',
} as const;

/** A client as the API gives it: the form's fields, the names beside the ids, the list's figures. */
export interface Client {
  id: number;
  ID: number;
  CODE_CLIENT: string;
  NAME: string;
  TVA: string | null;
  RNE: string | null;
  PATENT: string | null;
  ADDRESS: string | null;
  TYPE_CLIENT_ID: number | null;
  TYPE_CLIENT_NAME: string | null;
  GSM: string | null;
  CIRCUIT: number | null;
  CIRCUIT_NAME: string | null;
  ACTIVITE: number | null;
  ACTIVITE_NAME: string | null;
  CATEGORY: number | null;
  CATEGORY_NAME: string | null;
  BADGES_ID: number | null;
  BADGE_NAME: string | null;
  CHEF_ZONE_ID: number | null;
  CHEF_ZONE_NAME: string | null;
  CODE_CHEF_ZONE: string | null;
  USERS: number[];
  IS_ACTIVE: 0 | 1;
  STATUS: number;
  NUM_SIRET: string | null;
  C_FACTURE: string | null;
  C_PAYEUR: string | null;
  C_GROUP: string | null;
  C_RISQUE: string | null;
  TAXE: string | null;
  PERCENTAGE: number | null;
  PAIEMENT: string | null;
  REGLEMENT: string | null;
  DELAI_RECUPERATION: number | null;
  ENCOURS_COMMERCIAL: number | null;
  CODE_COMPTABLE: string | null;
  SECTION: string | null;
  ENCOURS_AUTORISE: number | null;
  REPRESENTANT_1: string | null;
  REPRESENTANT_2: string | null;
  OBSERVATIONS: string | null;
  GOUVERNORAT: string | null;
  REGION: string | null;
  DESTINATION: string | null;
  CITY: string | null;
  POSTAL_CODE: string | null;
  FAX: string | null;
  Latitude: number | null;
  Longitude: number | null;
  ADD_LIVRAISON: string | null;
  MODE_LIVRAISON: string | null;
  DELAI_LIVRAISON: number | null;
  SITE: string | null;
  GSM_SYS: string | null;
  GSM_FID: string | null;
  EMAIL: string | null;
  /** Registration date, YYYY-MM-DD. */
  INSCRIPTION: string;
  /** Days since INSCRIPTION. */
  ANCIENNETE: number;
  /** Last mobile connection of one of the client's users (ISO 8601). */
  LASTUSE: string | null;
  POINTS_FID: number;
  POINTS_FID_N: number;
  /** Points expiring within 30 days, and the last day (YYYY-MM-DD) the first of them can be spent. */
  POINTS_EXPIRANT: number;
  DATE_EXPIRATION: string | null;
  CA_N_1: number;
  REMISE_GLOBAL: number;
  REMISE_N: number;
  REMISE_N_1: number;
  RISTOURNE_SOLDE_N_1: number;
  RISTOURNE_N_1: number;
  RISTOURNE_RESTE: number;
  RISTOURNE_CONSUMED: number;
  MEDIA: import('./classification').Media | null;
}
