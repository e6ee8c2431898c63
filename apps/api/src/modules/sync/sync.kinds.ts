import { SYNC_MSG } from '@app/domain';

/**
 * How each CSV kind reaches its table, as SQL over the staging table `sync_stage` (one text
 * column per CSV column, lower-case names, the row's `line`). The domain has validated every value
 * already, so the casts here cannot fail.
 *
 * - `checks`: rows whose references do not resolve (a client code, a product REF…), as rejections.
 * - `resolve`: the staged rows with the id of the row they update (`target_id`, null = new) and the
 *   ids their names resolve to, aliased `a` by the caller.
 * - `targets`: column ← expression over `a`, one per CSV column; only the columns the file has are
 *   compared and written, so a column left out of the file leaves the stored value as it is.
 *   `insertOnly` columns identify the row (its key) and are written on insert only.
 */
export interface Target {
  csv: string;
  column: string;
  expr: string;
  insertOnly?: boolean;
}
export interface Check {
  csv: string;
  where: string;
  message: string;
}
export interface UpsertKind {
  table: string;
  checks: Check[];
  resolve: string;
  targets: Target[];
}

const same = (csv: string, expr = `a.${csv.toLowerCase()}`): Target => ({ csv, column: csv.toLowerCase(), expr });
const t = (csv: string, column: string, expr: string, insertOnly = false): Target => ({ csv, column, expr, insertOnly });

const categoryOf = `(select c.id from product_categories c where lower(c.code_categorie) = lower(s.code_categorie))`;
const brandOf = `(select b.id from brands b where lower(b.name) = lower(s.brand))`;

export const UPSERT_KINDS: Record<'products' | 'clients' | 'remises' | 'tarifs', UpsertKind> = {
  products: {
    table: 'products',
    checks: [
      {
        csv: 'CODE_CATEGORIE',
        where: `not exists (select 1 from product_categories c where lower(c.code_categorie) = lower(s.code_categorie))`,
        message: SYNC_MSG.unknownCategory,
      },
      { csv: 'BRAND', where: `s.brand is not null and ${brandOf} is null`, message: SYNC_MSG.unknownBrand },
    ],
    resolve: `select s.*, p.id as target_id, ${categoryOf} as category_id, ${brandOf} as brand_id
      from sync_stage s left join products p on lower(p.ref) = lower(s.ref)`,
    targets: [
      t('REF', 'ref', 'a.ref', true),
      same('LABEL'),
      same('LABEL_AR'),
      same('DESCRIPTION'),
      same('DESCRIPTION_AR'),
      t('CODE_CATEGORIE', 'category_id', 'a.category_id'),
      t('PRICE_HT', 'price_ht', 'a.price_ht::numeric'),
      t('PRICE_TTC', 'price_ttc', 'a.price_ttc::numeric'),
      t('QTE', 'qte', 'a.qte::int'),
      same('UNITE_VENTE'),
      t('POINTS', 'points', 'coalesce(a.points::int, 0)'),
      same('TYPE'),
      same('NATURE'),
      t('BRAND', 'brand_id', 'a.brand_id'),
    ],
  },
  clients: {
    table: 'clients',
    checks: [
      {
        csv: 'TYPE_CLIENT',
        where: `s.type_client is not null and not exists (select 1 from client_types x where lower(x.name) = lower(s.type_client))`,
        message: SYNC_MSG.unknownType,
      },
      {
        csv: 'CIRCUIT',
        where: `s.circuit is not null and not exists (select 1 from client_circuits x where lower(x.name) = lower(s.circuit))`,
        message: SYNC_MSG.unknownCircuit,
      },
      {
        csv: 'ACTIVITE',
        where: `s.activite is not null and not exists (select 1 from client_activities x where lower(x.code) = lower(s.activite))`,
        message: SYNC_MSG.unknownActivity,
      },
      {
        csv: 'CATEGORY',
        where: `s.category is not null and not exists (select 1 from client_categories x where lower(x.name) = lower(s.category))`,
        message: SYNC_MSG.unknownClientCategory,
      },
    ],
    resolve: `select s.*, c.id as target_id,
        (select x.id from client_types x where lower(x.name) = lower(s.type_client)) as type_id,
        (select x.id from client_circuits x where lower(x.name) = lower(s.circuit)) as circuit_id,
        (select x.id from client_activities x where lower(x.code) = lower(s.activite)) as activity_id,
        (select x.id from client_categories x where lower(x.name) = lower(s.category)) as category_id
      from sync_stage s left join clients c on lower(c.code_client) = lower(s.code_client)`,
    targets: [
      t('CODE_CLIENT', 'code_client', 'a.code_client', true),
      same('NAME'),
      same('TVA'),
      same('RNE'),
      same('PATENT'),
      same('ADDRESS'),
      t('TYPE_CLIENT', 'type_client_id', 'a.type_id'),
      same('GSM'),
      t('CIRCUIT', 'circuit_id', 'a.circuit_id'),
      t('ACTIVITE', 'activity_id', 'a.activity_id'),
      t('CATEGORY', 'category_id', 'a.category_id'),
      t('IS_ACTIVE', 'is_active', 'coalesce(a.is_active::smallint, 1)'),
      t('STATUS', 'status', 'coalesce(a.status::smallint, 0)'),
      same('NUM_SIRET'),
      same('C_FACTURE'),
      same('C_PAYEUR'),
      same('C_GROUP'),
      same('C_RISQUE'),
      same('TAXE'),
      t('PERCENTAGE', 'percentage', 'a.percentage::numeric'),
      same('PAIEMENT'),
      same('REGLEMENT'),
      t('DELAI_RECUPERATION', 'delai_recuperation', 'a.delai_recuperation::int'),
      t('ENCOURS_COMMERCIAL', 'encours_commercial', 'a.encours_commercial::numeric'),
      same('CODE_COMPTABLE'),
      same('SECTION'),
      t('ENCOURS_AUTORISE', 'encours_autorise', 'a.encours_autorise::numeric'),
      same('REPRESENTANT_1'),
      same('REPRESENTANT_2'),
      same('OBSERVATIONS'),
      same('GOUVERNORAT'),
      same('REGION'),
      same('DESTINATION'),
      same('CITY'),
      same('POSTAL_CODE'),
      same('FAX'),
      t('LATITUDE', 'latitude', 'a.latitude::numeric'),
      t('LONGITUDE', 'longitude', 'a.longitude::numeric'),
      same('ADD_LIVRAISON'),
      same('MODE_LIVRAISON'),
      t('DELAI_LIVRAISON', 'delai_livraison', 'a.delai_livraison::int'),
      same('SITE'),
      same('GSM_FID'),
      same('GSM_SYS'),
      same('EMAIL'),
    ],
  },
  remises: {
    table: 'clients',
    checks: [
      { csv: 'CODE_CLIENT', where: `not exists (select 1 from clients c where lower(c.code_client) = lower(s.code_client))`, message: SYNC_MSG.unknownClient },
    ],
    resolve: `select s.*, c.id as target_id from sync_stage s left join clients c on lower(c.code_client) = lower(s.code_client)`,
    targets: [
      t('REMISE_GLOBAL', 'remise_global', 'coalesce(a.remise_global::numeric, 0)'),
      t('REMISE_N', 'remise_n', 'coalesce(a.remise_n::numeric, 0)'),
      t('REMISE_N_1', 'remise_n_1', 'coalesce(a.remise_n_1::numeric, 0)'),
    ],
  },
  tarifs: {
    table: 'tarifs',
    checks: [
      { csv: 'ARTICLE', where: `not exists (select 1 from products p where lower(p.ref) = lower(s.article))`, message: SYNC_MSG.unknownProduct },
      { csv: 'CIRCUIT', where: `not exists (select 1 from client_circuits x where lower(x.name) = lower(s.circuit))`, message: SYNC_MSG.unknownCircuit },
    ],
    // Price lines have no unique key in the table: the line updated is the oldest with the same
    // product, circuit and first day.
    resolve: `select s.*, p.id as product_id, ci.id as circuit_id,
        (select min(x.id) from tarifs x where x.product_id = p.id and x.circuit_id = ci.id and x.start_date = s.mstrdat::date) as target_id
      from sync_stage s
      left join products p on lower(p.ref) = lower(s.article)
      left join client_circuits ci on lower(ci.name) = lower(s.circuit)`,
    targets: [
      t('ARTICLE', 'product_id', 'a.product_id', true),
      t('CIRCUIT', 'circuit_id', 'a.circuit_id', true),
      t('MSTRDAT', 'start_date', 'a.mstrdat::date', true),
      t('MENDDAT', 'end_date', 'a.menddat::date'),
      t('REMISE', 'remise', 'a.remise::numeric'),
      t('PHT', 'pht', 'a.pht::numeric'),
      same('DESCRIPTION'),
    ],
  },
};
