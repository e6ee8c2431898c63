import type { ContactRequest, GalleryItem, HomeService, PartnerTool, WebsiteService } from '@app/domain';
import { contactRequestsMeta, GALLERY_KIND_LABELS, galleryMeta, homeServicesMeta, partnerToolsMeta, websiteServicesMeta } from '@app/domain';
import { type ColumnDef, type LabelledColumn, withLabels } from '../../components/data-table';

/** Rich text shown in a cell: its words only, cut to a line. */
export function plainText(html: string | null | undefined, max = 120): string {
  const text = (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Services (by type and home page): image, position, both titles, the French content. */
const SERVICE_COLUMNS = [
  { field: 'position', sortable: true, width: '7rem' },
  { field: 'MEDIA.original_url', kind: 'image', width: '6rem' },
  { field: 'title_fr', sortable: true },
  { field: 'title_en', sortable: true },
  { field: 'content_fr', kind: 'custom', render: (s) => plainText(s.content_fr) },
] satisfies LabelledColumn<HomeService>[];
export const serviceColumns: ColumnDef<HomeService>[] = withLabels<HomeService>(homeServicesMeta, SERVICE_COLUMNS);
/** The same columns for the services by type, whose rows also carry their type. */
export const websiteServiceColumns: ColumnDef<WebsiteService>[] = withLabels<WebsiteService>(websiteServicesMeta, SERVICE_COLUMNS);

/** Partner tools: logo, name, site. */
export const toolColumns: ColumnDef<PartnerTool>[] = withLabels(partnerToolsMeta, [
  { field: 'position', width: '7rem' },
  { field: 'MEDIA.original_url', kind: 'image', width: '6rem' },
  { field: 'name' },
  { field: 'site_web' },
]);

/** Gallery: position, photo, title, link. */
export const galleryColumns: ColumnDef<GalleryItem>[] = withLabels(galleryMeta, [
  { field: 'POSITION', width: '7rem' },
  { field: 'MEDIA.original_url', kind: 'image', width: '6rem' },
  { field: 'TITLE' },
  { field: 'TYPE', kind: 'custom', width: '7rem', render: (g) => GALLERY_KIND_LABELS[g.TYPE] ?? g.TYPE },
  { field: 'LINK', header: 'Lien' },
]);

/** Contact requests: name, phone, message; received date. */
export const contactColumns: ColumnDef<ContactRequest>[] = withLabels(contactRequestsMeta, [
  { field: 'NAME' },
  { field: 'GSM', width: '9rem' },
  { field: 'CONTENT', kind: 'custom', render: (c) => plainText(c.CONTENT) },
  { field: 'created_at', kind: 'datetime', width: '11rem' },
]);

export const BY_NEWEST = { field: 'created_at', order: 'desc' } as const;
