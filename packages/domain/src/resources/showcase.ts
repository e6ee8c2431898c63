import { type ContactRequest, type GalleryItem, type HomeService, type PartnerTool, SHOWCASE_PAGE_SIZE, type WebsiteService } from '../showcase';
import type { ResourceMeta } from './meta';

export const contactRequestsMeta = {
  path: 'contacts',
  audit: 'Prises de contact',
  noun: 'cette prise de contact',
  perPage: SHOWCASE_PAGE_SIZE,
  defaultSort: { field: 'created_at', order: 'desc' },
  sortable: ['NAME', 'GSM', 'created_at'],
  labels: { NAME: 'Nom', GSM: 'Téléphone', CONTENT: 'Message', created_at: 'Reçue le' },
  titles: { add: 'Ajouter une prise de contact', edit: 'Modifier la prise de contact', view: 'Détails de la prise de contact' },
  export: { fileName: 'prises-de-contact', title: 'Prises de contact', orientation: 'landscape' },
} as const satisfies ResourceMeta<ContactRequest>;

export const galleryMeta = {
  path: 'gallery',
  audit: 'Galerie',
  noun: 'cet élément',
  perPage: SHOWCASE_PAGE_SIZE,
  defaultSort: { field: 'POSITION', order: 'asc' },
  sortable: ['POSITION', 'TITLE', 'TYPE'],
  labels: { POSITION: 'Position', 'MEDIA.original_url': 'Photo', TITLE: 'Titre', TYPE: 'Type', LINK: 'Lien' },
  titles: { add: 'Ajouter à la galerie', edit: 'Modifier l’élément', view: 'Détails de l’élément' },
  export: { fileName: 'galerie', title: 'Galerie', orientation: 'landscape' },
} as const satisfies ResourceMeta<GalleryItem>;

/** The services' fields, on the home page and by type alike. */
const SERVICE_LABELS = {
  position: 'Position',
  'MEDIA.original_url': 'Image',
  title_fr: 'Titre (FR)',
  title_en: 'Titre (EN)',
  content_fr: 'Contenu',
  content_en: 'Contenu (EN)',
} as const;

export const homeServicesMeta = {
  path: 'services',
  audit: "Services de l'accueil",
  noun: 'cet service',
  perPage: SHOWCASE_PAGE_SIZE,
  defaultSort: { field: 'position', order: 'asc' },
  sortable: ['position', 'title_fr', 'title_en'],
  labels: SERVICE_LABELS,
  titles: { add: 'Ajouter un service', edit: 'Modifier le service', view: 'Détails du service' },
  export: { fileName: 'services-accueil', title: 'Services de la page d’accueil', orientation: 'landscape' },
} as const satisfies ResourceMeta<HomeService>;

export const websiteServicesMeta = {
  path: 'service',
  audit: 'Services du site',
  noun: 'cet service',
  perPage: SHOWCASE_PAGE_SIZE,
  defaultSort: { field: 'position', order: 'asc' },
  sortable: ['position', 'title_fr', 'title_en'],
  labels: { ...SERVICE_LABELS, type: 'Type' },
  export: { fileName: 'services', title: 'Services du site', orientation: 'landscape' },
} as const satisfies ResourceMeta<WebsiteService>;

export const partnerToolsMeta = {
  path: 'tools',
  audit: 'Outils partenaires',
  noun: 'ce partenaire',
  perPage: SHOWCASE_PAGE_SIZE,
  defaultSort: { field: 'position', order: 'asc' },
  sortable: ['position', 'name', 'site_web'],
  labels: {
    position: 'Position',
    'MEDIA.original_url': 'Logo',
    name: 'Nom',
    site_web: 'Site web',
    alt_logo: 'Texte alternatif',
  },
  titles: { add: 'Ajouter un partenaire', edit: 'Modifier le partenaire', view: 'Détails du partenaire' },
  export: { fileName: 'outils-partenaires', title: 'Outils partenaires', orientation: 'landscape' },
} as const satisfies ResourceMeta<PartnerTool>;
