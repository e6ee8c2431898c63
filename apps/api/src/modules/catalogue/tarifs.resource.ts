import { formatDate, formatMoney, formatPercent, MSG, type Tarif, TARIF_MSG, tarifBody, tarifsMeta } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { moneyField, orEmpty } from '../../lib/crud/fields';
import { fkIn, refNameLike } from '../../lib/crud/list-query';
import { defineResource } from '../../lib/crud/resource';
import { AppError } from '../../lib/http';
import { clientCircuits as circuits } from '../../lib/clients/classification.table';
import { products, tarifs as t } from './catalogue.table';

/**
 * Price lists: ARTICLE is the product's REF and CIRCUIT the
 * circuit's name, as the older API sent them; both are resolved to their ids before writing.
 */
export const tarifsResource = defineResource<Tarif>()({
  meta: tarifsMeta,
  tag: 'catalogue',
  actions: { read: 'catalogue:read', write: 'catalogue:write' },
  table: t,
  idColumn: t.id,
  body: tarifBody,
  joins: [
    { table: products, on: eq(products.id, t.productId) },
    { table: circuits, on: eq(circuits.id, t.circuitId) },
  ],
  // A PUT's body holds only the fields it sent: a reference left out stays as stored.
  prepare: async (values, { body, db }) => {
    const [product] =
      body.ARTICLE === undefined
        ? [{ id: undefined }]
        : await db
            .select({ id: products.id })
            .from(products)
            .where(sql`lower(${products.ref}) = lower(${String(body.ARTICLE)})`)
            .limit(1);
    const [circuit] =
      body.CIRCUIT === undefined
        ? [{ id: undefined }]
        : await db
            .select({ id: circuits.id })
            .from(circuits)
            .where(sql`lower(${circuits.name}) = lower(${String(body.CIRCUIT)})`)
            .limit(1);
    const errors: Record<string, string[]> = {};
    if (!product) errors.ARTICLE = [TARIF_MSG.articleUnknown];
    if (!circuit) errors.CIRCUIT = [TARIF_MSG.circuitUnknown];
    if (!product || !circuit) throw new AppError(422, Object.values(errors)[0][0], errors);
    if (product.id !== undefined) values.productId = product.id;
    if (circuit.id !== undefined) values.circuitId = circuit.id;
  },
  fields: [
    {
      api: 'ARTICLE',
      column: products.ref,
      search: (p) => fkIn(t.productId, sql`select ${products.id} from ${products} where ${products.ref} ilike ${p} or ${products.label} ilike ${p}`),
      sort: 'text',
      export: { width: 1.2 },
    },
    { api: 'PRODUCT_ID', column: t.productId },
    { api: 'PRODUCT_LABEL', column: products.label, export: { width: 2.5 } },
    { api: 'REMISE', column: t.remise, ...moneyField, sort: true, export: { width: 0.8, format: (v) => formatPercent(v as number) } },
    { api: 'MSTRDAT', column: t.startDate, sort: true, export: { width: 1, format: (v) => formatDate(v as string) } },
    { api: 'MENDDAT', column: t.endDate, sort: true, export: { width: 1, format: (v) => formatDate(v as string) } },
    { api: 'PHT', column: t.pht, ...moneyField, sort: true, export: { width: 1, format: (v) => formatMoney(v as number) } },
    { api: 'CIRCUIT', column: circuits.name, search: (p) => refNameLike(t.circuitId, circuits, p), sort: 'text', export: { width: 1.2 } },
    { api: 'CIRCUIT_ID', column: t.circuitId },
    { api: 'DESCRIPTION', column: t.description, export: { width: 2, format: orEmpty } },
  ],
  inUseMessage: MSG.inUse('ce tarif est encore utilisé'),
});
