import { z } from 'zod';
import { isBlankRichText } from './rich-text';
import { integer, optionalText, PHONE_PATTERN, refId, requiredText } from './fields';
import type { Media } from './classification';
import { MAX_UPLOAD_FILES } from './files';
import { MSG } from './messages';

/**
 * The public website's pages, sections and blocks. Every page has
 * the common sections (introduction, presentation, form, info, footer) and its own; each section
 * says which fields its form shows, and the rules follow from that, for the form and the server.
 */
export const PAGE_KEYS = [
  'home',
  'about_us',
  'our_services',
  'image_annotation',
  'text_annotation',
  'audio_annotation',
  'video_annotation',
  '3d_annotation',
  'build_a_team',
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];
export const isPageKey = (v: string): v is PageKey => (PAGE_KEYS as readonly string[]).includes(v);

export const PAGE_LABELS: Record<PageKey, string> = {
  home: 'Accueil',
  about_us: 'À propos',
  our_services: 'Nos services',
  image_annotation: 'Annotation d’images',
  text_annotation: 'Annotation de texte',
  audio_annotation: 'Annotation audio',
  video_annotation: 'Annotation vidéo',
  '3d_annotation': 'Annotation 3D',
  build_a_team: 'Construire une équipe',
};

/** Services by type: the page's list lives on /layout/contents/service/{type}. */
export const PAGE_SERVICE_TYPE: Partial<Record<PageKey, string>> = {
  our_services: 'our-services',
  image_annotation: 'image-annotation',
  text_annotation: 'text-annotation',
  audio_annotation: 'audio-annotation',
  video_annotation: 'video-annotation',
  '3d_annotation': '3d-annotation',
};

export interface SectionDef {
  key: string;
  label: string;
  /** Content may stay empty (form, steps, footer presentation). */
  contentOptional?: boolean;
  /** Shows an image (then its French and English titles and alt text are required). */
  image?: boolean;
  video?: boolean;
  /** An attached file (PDF or image), opened in a new window. */
  file?: boolean;
  /** A link (our tools; the footer's maps link) that must be a valid http(s) URL. */
  link?: boolean;
  /** info: phone and e-mail; footer: address, maps link, phone and e-mail. */
  contact?: 'info' | 'footer';
  /** Has a list of blocks (/layout/containers/blocks/{page}/{section}). */
  blocks?: boolean;
  /** Blocks carry a column span 1–2 in `url` (the home services block). */
  columnSpan?: boolean;
}

const COMMON_START: SectionDef[] = [
  { key: 'introduction', label: 'Introduction', image: true },
  { key: 'presentation', label: 'Présentation', image: true, video: true, file: true },
];
const COMMON_END: SectionDef[] = [
  { key: 'form', label: 'Formulaire de contact', contentOptional: true },
  { key: 'info', label: 'Informations de contact', contentOptional: true, contact: 'info' },
  { key: 'footer', label: 'Pied de page', contentOptional: true, contact: 'footer', link: true },
];

const OWN_SECTIONS: Record<PageKey, SectionDef[]> = {
  home: [
    { key: 'services', label: 'Nos services', blocks: true, columnSpan: true },
    { key: 'allow_outsourcing', label: 'Pourquoi externaliser', image: true, blocks: true },
    { key: 'avoid_outsourcing', label: 'Les pièges de l’externalisation', image: true, blocks: true },
    { key: 'our_figures', label: 'Nos chiffres', blocks: true },
    { key: 'our_tools', label: 'Nos outils', link: true },
    { key: 'sectors', label: 'Secteurs d’intervention', blocks: true },
  ],
  about_us: [
    { key: 'our_team', label: 'Notre équipe', blocks: true },
    { key: 'our_identity', label: 'Notre identité', image: true, blocks: true },
    { key: 'strong_points', label: 'Nos points forts', blocks: true },
  ],
  our_services: [{ key: 'services', label: 'Récapitulatif des services' }],
  // Each type of image annotation is a block with several example images.
  image_annotation: [{ key: 'image-annotation-types', label: 'Types d’annotation d’images', blocks: true }],
  text_annotation: [{ key: 'text-annotation-types', label: 'Types d’annotation de texte' }],
  audio_annotation: [{ key: 'audio-annotation-types', label: 'Types d’annotation audio' }],
  video_annotation: [{ key: 'video-annotation-types', label: 'Types d’annotation vidéo' }],
  '3d_annotation': [{ key: '3d-annotation-types', label: 'Types d’annotation 3D' }],
  build_a_team: [{ key: 'steps', label: 'Étapes', contentOptional: true, blocks: true }],
};

/** Sections of a page, in the order the editor shows them. */
export function pageSections(page: PageKey): SectionDef[] {
  return [...COMMON_START, ...OWN_SECTIONS[page], ...COMMON_END];
}

export function sectionDef(page: string, key: string): SectionDef | undefined {
  return isPageKey(page) ? pageSections(page).find((s) => s.key === key) : undefined;
}

/**
 * Several images only on the image-annotation page, for its sections and its blocks;
 * elsewhere a new image replaces the old, and a request carrying several is refused.
 */
export const multipleImages = (page: string) => page === 'image_annotation';

export const SITE_MSG = {
  unknownPage: 'Page inconnue.',
  unknownSection: 'Section inconnue pour cette page.',
  sectionExists: 'Cette section existe déjà pour cette page.',
  pageExists: 'Cette page existe déjà.',
  url: 'Lien invalide : une adresse http(s) est attendue.',
  columnSpan: 'La largeur doit être 1 ou 2.',
  imageRequired: 'Une image est requise.',
  reorderSection: 'Les blocs à réordonner doivent être tous ceux de la section.',
  oneImage: 'Une seule image par envoi : plusieurs images ne sont acceptées que sur la page Annotation d’images.',
  tooManyImages: `Au plus ${MAX_UPLOAD_FILES} images par envoi.`,
  noBlocks: (section: string) => `La section « ${section} » n’a pas de liste de blocs.`,
} as const;

const richRequired = () =>
  z
    .string({ error: MSG.required })
    .max(100_000, { error: MSG.maxLength(100_000) })
    .refine((v) => !isBlankRichText(v), { error: MSG.required });
const richOptional = () =>
  z
    .string()
    .max(100_000, { error: MSG.maxLength(100_000) })
    .nullish()
    .transform((v) => (v == null || isBlankRichText(v) ? null : v));

const httpUrl = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required, abort: true })
    .max(500, { error: MSG.maxLength(500) })
    .refine((v) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), { error: SITE_MSG.url });

/** Phone of the contact info and footer sections: digits, an optional leading plus, at least 8 digits. */
const sitePhone = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required, abort: true })
    .max(20, { error: MSG.telMax })
    .regex(PHONE_PATTERN, { error: MSG.phone });

const siteEmail = () =>
  z
    .string({ error: MSG.emailRequired })
    .trim()
    .min(1, { error: MSG.emailRequired, abort: true })
    .max(190, { error: MSG.maxLength(190) })
    .regex(/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/, { error: MSG.email });

/** Every editable field of a section, all optional (PUT sections/{id} may carry any subset). */
export const sectionUpdateBody = z
  .object({
    position: integer({ max: 10_000 }),
    title_fr: optionalText(255),
    title_en: optionalText(255),
    content_fr: richOptional(),
    content_en: richOptional(),
    img_title_fr: optionalText(255),
    img_title_en: optionalText(255),
    img_alt: optionalText(255),
    url: optionalText(500),
    phone: optionalText(20),
    email: optionalText(190),
    address: optionalText(500),
  })
  // Absent stays absent (partial() wraps each field): a PUT of one field leaves the others alone.
  .partial();
export type SectionUpdate = z.input<typeof sectionUpdateBody>;

/** `POST sections {key, pages_id, position}` (position 0 when created on first visit). */
export const sectionCreateBody = z.object({
  key: requiredText(100),
  pages_id: refId(),
  position: integer({ max: 10_000 }).default(0),
});

export const pageCreateBody = z.object({
  key: z.enum(PAGE_KEYS, { error: SITE_MSG.unknownPage }),
});

/**
 * The rules of one section's form: titles always, content unless optional there,
 * image titles and alt where an image shows, phone and e-mail for contact info and the footer, the
 * footer's address and maps link, the tools' link. Checked on the whole section as it will be.
 */
export function sectionSchemaFor(def: SectionDef) {
  return z.object({
    title_fr: requiredText(255),
    title_en: requiredText(255),
    content_fr: def.contentOptional ? richOptional() : richRequired(),
    content_en: def.contentOptional ? richOptional() : richRequired(),
    img_title_fr: def.image ? requiredText(255) : optionalText(255),
    img_title_en: def.image ? requiredText(255) : optionalText(255),
    img_alt: def.image ? requiredText(255) : optionalText(255),
    url: def.link ? httpUrl() : optionalText(500),
    phone: def.contact ? sitePhone() : optionalText(20),
    email: def.contact ? siteEmail() : optionalText(190),
    address: def.contact === 'footer' ? requiredText(500) : optionalText(500),
  });
}
export type SectionForm = z.input<ReturnType<typeof sectionSchemaFor>>;

/** Block fields: titles, contents and key required. */
const blockFields = {
  key: requiredText(100),
  url: optionalText(500),
  title_fr: requiredText(255),
  title_en: requiredText(255),
  content_fr: richRequired(),
  content_en: richRequired(),
  img_title_fr: optionalText(255),
  img_title_en: optionalText(255),
  img_alt: optionalText(255),
};
export const blockBody = z.object({ sections_id: refId(), ...blockFields });
export const blockUpdateBody = z.object(blockFields).partial();
export type BlockBody = z.input<typeof blockBody>;

/** The column span of a services block: 1 or 2, 1 when empty. */
export function columnSpanOf(url: string | null | undefined): 1 | 2 | null {
  const v = (url ?? '').trim();
  if (v === '') return 1;
  return v === '1' ? 1 : v === '2' ? 2 : null;
}

export const blockPositionBody = z.object({ position: integer({ min: 1, max: 100_000 }) });
export const blockReorderBody = z.object({ ids: z.array(z.number().int().positive()).min(1).max(5000) });

export const BLOCKS_PAGE_SIZE = 50;

export interface Section {
  id: number;
  ID: number;
  key: string;
  pages_id: number;
  position: number;
  title_fr: string | null;
  title_en: string | null;
  content_fr: string | null;
  content_en: string | null;
  img_title_fr: string | null;
  img_title_en: string | null;
  img_alt: string | null;
  url: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  /** One image, or several on the image-annotation page; oldest first. */
  img: Media[];
  video: Media | null;
  file: Media | null;
  blocs_count: number;
}

export interface Block {
  id: number;
  ID: number;
  sections_id: number;
  position: number;
  key: string;
  url: string | null;
  title_fr: string;
  title_en: string;
  content_fr: string;
  content_en: string;
  img_title_fr: string | null;
  img_title_en: string | null;
  img_alt: string | null;
  /** The first image (older clients read this one). */
  MEDIA: Media | null;
  /** Every image in upload order: several only on the image-annotation page, else at most one. */
  IMAGES: Media[];
}

export interface SitePage {
  id: number;
  key: PageKey;
  sections: { id: number; key: string; position: number; blocs: { id: number; position: number }[] }[];
}
