import type { ContactRequest, GalleryItem, HomeService, PartnerTool, WebsiteService } from '@app/domain';
import { GALLERY_KIND_LABELS } from '@app/domain';
import type { ColumnDef } from '../../components/data-table';

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
  { field: 'position', header: 'Position', sortable: true, width: '7rem' },
  { field: 'MEDIA.original_url', header: 'Image', kind: 'image', width: '6rem' },
  { field: 'title_fr', header: 'Titre (FR)', sortable: true },
  { field: 'title_en', header: 'Titre (EN)', sortable: true },
  { field: 'content_fr', header: 'Contenu', kind: 'custom', render: (s) => plainText(s.content_fr) },
] satisfies ColumnDef<HomeService>[];
export const serviceColumns: ColumnDef<HomeService>[] = SERVICE_COLUMNS;
/** The same columns for the services by type, whose rows also carry their type. */
export const websiteServiceColumns: ColumnDef<WebsiteService>[] = SERVICE_COLUMNS;

/** Partner tools: logo, name, site. */
export const toolColumns: ColumnDef<PartnerTool>[] = [
  { field: 'position', header: 'Position', sortable: true, width: '7rem' },
  { field: 'MEDIA.original_url', header: 'Logo', kind: 'image', width: '6rem' },
  { field: 'name', header: 'Nom', sortable: true },
  { field: 'site_web', header: 'Site web', sortable: true },
];

/** Gallery (spec 3 §2.9): position, photo, title, link. */
export const galleryColumns: ColumnDef<GalleryItem>[] = [
  { field: 'POSITION', header: 'Position', sortable: true, width: '7rem' },
  { field: 'MEDIA.original_url', header: 'Photo', kind: 'image', width: '6rem' },
  { field: 'TITLE', header: 'Titre', sortable: true },
  { field: 'TYPE', header: 'Type', sortable: true, kind: 'custom', width: '7rem', render: (g) => GALLERY_KIND_LABELS[g.TYPE] ?? g.TYPE },
  { field: 'LINK', header: 'Lien' },
];

/** Contact requests (spec 3 §2.10): name, phone, message; received date. */
export const contactColumns: ColumnDef<ContactRequest>[] = [
  { field: 'NAME', header: 'Nom', sortable: true },
  { field: 'GSM', header: 'Téléphone', sortable: true, width: '9rem' },
  { field: 'CONTENT', header: 'Message', kind: 'custom', render: (c) => plainText(c.CONTENT) },
  { field: 'created_at', header: 'Reçue le', sortable: true, kind: 'datetime', width: '11rem' },
];

export const BY_NEWEST = { field: 'created_at', order: 'desc' } as const;
