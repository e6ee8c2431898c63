import { checkFile, type Media, MSG, type Product, productBody } from '@app/domain';
import { z } from 'zod';
import { api } from '../../lib/api';

/** An image of the form: one already stored (its media id and URL) or a file just chosen. */
export type ProductImage = { media: Media } | { file: File };

/** The form: the API body plus the images (stored ones kept or removed, new ones added). */
export const productForm = productBody.safeExtend({
  images: z.array(z.custom<ProductImage>((v) => typeof v === 'object' && v !== null)).default([]),
});
export type ProductFormIn = z.input<typeof productForm>;
export type ProductFormOut = z.output<typeof productForm>;

/** The dialog's three steps and the fields each one validates before the next. */
export const PRODUCT_STEPS = [
  { label: 'Données en français', fields: ['REF', 'LABEL', 'DESCRIPTION', 'CATEGORY', 'PRICE_HT', 'PRICE_TTC', 'QTE', 'UNITE_VENTE', 'POINTS'] },
  { label: 'Données en arabe', fields: ['LABEL_AR', 'DESCRIPTION_AR'] },
  { label: 'Médias et autres données', fields: ['images', 'IS_NEW', 'ORDER_NEW', 'VISIBLE'] },
] as const;

export function productFormValues(row: Product | null): ProductFormIn {
  return {
    REF: row?.REF ?? '',
    LABEL: row?.LABEL ?? '',
    DESCRIPTION: row?.DESCRIPTION ?? '',
    CATEGORY: row?.CATEGORY ?? (null as unknown as number),
    PRICE_HT: row ? String(row.PRICE_HT) : '',
    PRICE_TTC: row ? String(row.PRICE_TTC) : '',
    QTE: row ? String(row.QTE) : '',
    UNITE_VENTE: row?.UNITE_VENTE ?? '',
    POINTS: row ? String(row.BASE_POINTS) : '0',
    LABEL_AR: row?.LABEL_AR ?? '',
    DESCRIPTION_AR: row?.DESCRIPTION_AR ?? '',
    IS_NEW: row?.IS_NEW ?? 0,
    ORDER_NEW: row?.ORDER_NEW == null ? null : String(row.ORDER_NEW),
    VISIBLE: row?.VISIBLE ?? 1,
    BRAND_ID: row?.BRAND_ID ?? null,
    TYPE: row?.TYPE ?? '',
    NATURE: row?.NATURE ?? '',
    images: (row?.MEDIA ?? []).map((media) => ({ media })),
  };
}

/** JSON body of POST / PUT: the fields without the images; the category is not sent on edit (read-only). */
export function productRequestBody({ images: _images, ...body }: ProductFormOut, before: Product | null): unknown {
  if (!before) return body;
  const { CATEGORY: _category, ...rest } = body;
  return rest;
}

/** A chosen image file: the message of its refusal (type, 5 MB), or null. */
export function imageProblem(file: File): string | null {
  const problem = checkFile(file, 'image');
  return problem === 'type' ? MSG.fileType : problem === 'size' ? MSG.fileSize : null;
}

/** After the product is saved: stored images removed from the form are deleted, new files uploaded one by one. */
export async function syncProductImages(saved: Product, images: ProductImage[], before: Product | null): Promise<void> {
  const kept = new Set(images.flatMap((i) => ('media' in i ? [i.media.id] : [])));
  for (const m of before?.MEDIA ?? []) if (!kept.has(m.id)) await api.delete(`products/${saved.id}/media/${m.id}`);
  for (const image of images) {
    if (!('file' in image)) continue;
    const data = new FormData();
    data.append('file', image.file);
    await api.post(`products/media/${saved.id}`, data);
  }
}
