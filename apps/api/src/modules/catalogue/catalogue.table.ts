import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clientCircuits } from '../../lib/clients/classification.table';

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
const money = (name: string) => numeric(name, { precision: 14, scale: 3 });

/** Brands: NAME, LABEL. */
export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    label: varchar('label', { length: 150 }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('brands_name_unique').on(sql`lower(${t.name})`),
    index('brands_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('brands_name_sort').on(sql`public.sort_key(${t.name})`, t.id),
  ],
);

/** Product categories; the products list shows the category name as "marque". */
export const productCategories = pgTable(
  'product_categories',
  {
    id: serial('id').primaryKey(),
    code: varchar('code_categorie', { length: 30 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    label: varchar('label', { length: 150 }).notNull(),
    ordre: integer('ordre').notNull().default(0),
    ...stamps,
  },
  (t) => [
    uniqueIndex('product_categories_code_unique').on(sql`lower(${t.code})`),
    index('product_categories_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('product_categories_code_trgm').using('gin', t.code.op('gin_trgm_ops')),
    index('product_categories_name_sort').on(sql`public.sort_key(${t.name})`, t.id),
    index('product_categories_code_sort').on(sql`public.sort_key(${t.code})`, t.id),
    index('product_categories_ordre_sort').on(t.ordre, t.id),
  ],
);

/** Ranges, "gammes": each belongs to a product category. */
export const subCategories = pgTable(
  'sub_categories',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    label: varchar('label', { length: 150 }).notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => productCategories.id, { onDelete: 'restrict' }),
    ...stamps,
  },
  (t) => [
    index('sub_categories_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('sub_categories_name_sort').on(sql`public.sort_key(${t.name})`, t.id),
    index('sub_categories_category_idx').on(t.categoryId),
  ],
);

/**
 * Products. LABEL_AR and DESCRIPTION_AR are Arabic text, stored as is (UTF-8).
 * POINTS is the base value; a product-point period covering today overrides it (product_points).
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    ref: varchar('ref', { length: 50 }).notNull(),
    label: varchar('label', { length: 200 }).notNull(),
    labelAr: varchar('label_ar', { length: 200 }),
    description: text('description'),
    descriptionAr: text('description_ar'),
    categoryId: integer('category_id').references(() => productCategories.id, { onDelete: 'restrict' }),
    subCategoryId: integer('sub_category_id').references(() => subCategories.id, { onDelete: 'restrict' }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    /** Product type and nature as the ERP gives them (GET products/types, products/natures). */
    type: varchar('type', { length: 60 }),
    nature: varchar('nature', { length: 60 }),
    qte: integer('qte').notNull().default(0),
    priceHt: money('price_ht').notNull().default('0'),
    priceTtc: money('price_ttc').notNull().default('0'),
    points: integer('points').notNull().default(0),
    uniteVente: varchar('unite_vente', { length: 30 }),
    isNew: smallint('is_new').notNull().default(0),
    /** Position among the new products, 1..n (drag reorder). */
    orderNew: integer('order_new'),
    visible: smallint('visible').notNull().default(1),
    /** The list's "position" column. */
    position: integer('position').notNull().default(0),
    sectionsId: integer('sections_id').notNull().default(2),
    ...stamps,
  },
  (t) => [
    uniqueIndex('products_ref_unique').on(sql`lower(${t.ref})`),
    check('products_qte_nonnegative', sql`${t.qte} >= 0`),
    index('products_ref_trgm').using('gin', t.ref.op('gin_trgm_ops')),
    index('products_label_trgm').using('gin', t.label.op('gin_trgm_ops')),
    index('products_label_ar_trgm').using('gin', t.labelAr.op('gin_trgm_ops')),
    index('products_category_idx').on(t.categoryId),
    index('products_sub_category_idx').on(t.subCategoryId),
    index('products_brand_idx').on(t.brandId),
    index('products_ref_sort').on(sql`public.sort_key(${t.ref})`, t.id),
    index('products_label_sort').on(sql`public.sort_key(${t.label})`, t.id),
    index('products_price_ht_sort').on(t.priceHt, t.id),
    index('products_price_ttc_sort').on(t.priceTtc, t.id),
    index('products_points_sort').on(t.points, t.id),
    index('products_position_sort').on(t.position, t.id),
    index('products_new_order').on(t.orderNew, t.id).where(sql`${t.isNew} = 1`),
    index('products_visible_idx').on(t.visible, t.id),
  ],
);

/** Price lists, "tarifs": a discount on a product for a circuit over a period. */
export const tarifs = pgTable(
  'tarifs',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    remise: numeric('remise', { precision: 6, scale: 3 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    pht: money('pht').notNull(),
    circuitId: integer('circuit_id')
      .notNull()
      .references(() => clientCircuits.id, { onDelete: 'restrict' }),
    description: text('description'),
    ...stamps,
  },
  (t) => [
    check('tarifs_period', sql`${t.startDate} <= ${t.endDate}`),
    index('tarifs_product_idx').on(t.productId, t.startDate),
    // The price of the day for a circuit (terms-of-day.ts), read backwards: latest start first, limit 1.
    index('tarifs_product_circuit_day').on(t.productId, t.circuitId, t.startDate, t.id),
    index('tarifs_circuit_idx').on(t.circuitId),
    index('tarifs_start_sort').on(t.startDate, t.id),
    index('tarifs_end_sort').on(t.endDate, t.id),
    index('tarifs_remise_sort').on(t.remise, t.id),
  ],
);

/**
 * Points of a product over a period. Periods of one product never
 * overlap: checked in the writing transaction with the product row locked.
 */
export const productPoints = pgTable(
  'product_points',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    dateDebut: date('date_debut', { mode: 'string' }).notNull(),
    dateFin: date('date_fin', { mode: 'string' }).notNull(),
    ...stamps,
  },
  (t) => [
    check('product_points_period', sql`${t.dateDebut} <= ${t.dateFin}`),
    check('product_points_nonnegative', sql`${t.points} >= 0`),
    index('product_points_product_idx').on(t.productId, t.dateDebut, t.dateFin),
    index('product_points_debut_sort').on(t.dateDebut, t.id),
    index('product_points_fin_sort').on(t.dateFin, t.id),
  ],
);
