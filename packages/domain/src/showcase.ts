import { z } from 'zod';
import type { Media } from './classification';
import { optionalText, phone8, requiredText } from './fields';
import { MSG } from './messages';

/**
 * The public website's showcase: services by type, home-page
 * services, partner tools, gallery and contact requests. One schema per form, used by the screen
 * and the server.
 */
export const SHOWCASE_PAGE_SIZE = 50;

export const SERVICE_TYPES = ['our-services', 'image-annotation', 'text-annotation', 'video-annotation', 'audio-annotation', '3d-annotation'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  'our-services': 'Nos services',
  'image-annotation': 'Annotation d’images',
  'text-annotation': 'Annotation de texte',
  'video-annotation': 'Annotation vidéo',
  'audio-annotation': 'Annotation audio',
  '3d-annotation': 'Annotation 3D',
};
export const isServiceType = (v: string): v is ServiceType => (SERVICE_TYPES as readonly string[]).includes(v);

export const SHOWCASE_MSG = {
  imageRequired: 'L’image est obligatoire.',
  logoRequired: 'Le logo est obligatoire.',
  url: 'Adresse invalide : elle doit commencer par http:// ou https://.',
  linkRequired: 'Le lien de la vidéo est obligatoire.',
  kindRequired: 'Choisissez Image ou Vidéo.',
  serviceType: 'Type de service inconnu.',
} as const;

/** An http(s) address, the only kind a public page may link to (no javascript:, no data:). */
export const HTTP_URL_PATTERN = /^https?:\/\/[a-z0-9\u00a1-\uffff]([a-z0-9\u00a1-\uffff.-]*[a-z0-9\u00a1-\uffff])?(:\d{1,5})?([/?#][^\s]*)?$/i;
export const isHttpUrl = (value: string) => HTTP_URL_PATTERN.test(value);
const httpUrl = () => optionalText(500).refine((v) => v == null || isHttpUrl(v), { error: SHOWCASE_MSG.url });

/** The older single-language names, accepted as the French ones; never null so that an absent one writes nothing. */
const legacyText = (max: number) =>
  z
    .string()
    .max(max, { error: MSG.maxLength(max) })
    .optional();

const serviceShape = {
  title_fr: optionalText(255),
  title_en: optionalText(255),
  content_fr: optionalText(20000),
  content_en: optionalText(20000),
  img_title: optionalText(255),
  alt: optionalText(255),
  title: legacyText(255),
  text: legacyText(20000),
  alt_img: legacyText(255),
};
/** An update sends only what changed: absent stays absent (not null). */
const serviceUpdateShape = Object.fromEntries(Object.entries(serviceShape).map(([k, v]) => [k, v.optional()])) as {
  [K in keyof typeof serviceShape]: z.ZodOptional<(typeof serviceShape)[K]>;
};
type ServiceValues = { [K in keyof typeof serviceShape]?: string | null };

const present = (v: string | null | undefined) => typeof v === 'string' && v.trim().length > 0;

/**
 * Titles and contents in both languages are required; `title` and `text` stand for the
 * French ones. On an update (`partial`), only the fields sent are checked.
 */
function requireBilingual(v: ServiceValues, ctx: z.RefinementCtx, partial: boolean) {
  const pairs: [keyof ServiceValues, keyof ServiceValues | null][] = [
    ['title_fr', 'title'],
    ['title_en', null],
    ['content_fr', 'text'],
    ['content_en', null],
  ];
  for (const [key, legacy] of pairs) {
    const sent = v[key] !== undefined || (legacy !== null && v[legacy] !== undefined);
    if (partial && !sent) continue;
    if (!present(v[key]) && !(legacy && present(v[legacy]))) ctx.addIssue({ code: 'custom', path: [key], message: MSG.required });
  }
}

const serviceType = z.enum(SERVICE_TYPES, { error: SHOWCASE_MSG.serviceType });

/** Website services by type (POST service): `type` is the route's. */
export const websiteServiceBody = z
  .object({ type: serviceType, ...serviceShape, position: z.number().int().min(1).optional() })
  .superRefine((v, ctx) => requireBilingual(v, ctx, false));
export const websiteServiceUpdateBody = z
  .object({ type: serviceType.optional(), ...serviceUpdateShape, position: z.number().int().min(1).optional() })
  .superRefine((v, ctx) => requireBilingual(v, ctx, true));
/** Home-page services (POST services): the same fields without a type. */
export const homeServiceBody = z
  .object({ ...serviceShape, position: z.number().int().min(1).optional() })
  .superRefine((v, ctx) => requireBilingual(v, ctx, false));
export const homeServiceUpdateBody = z
  .object({ ...serviceUpdateShape, position: z.number().int().min(1).optional() })
  .superRefine((v, ctx) => requireBilingual(v, ctx, true));

/** Partner tools: name and logo required; the site, when given, an http(s) address. */
export const partnerToolBody = z.object({
  name: requiredText(150),
  alt_logo: optionalText(255),
  site_web: httpUrl(),
  position: z.number().int().min(1).optional(),
});
export const partnerToolUpdateBody = z.object({
  name: requiredText(150).optional(),
  alt_logo: optionalText(255).optional(),
  site_web: httpUrl().optional(),
  position: z.number().int().min(1).optional(),
});

export const GALLERY_KINDS = ['image', 'video'] as const;
export type GalleryKind = (typeof GALLERY_KINDS)[number];
export const GALLERY_KIND_LABELS: Record<GalleryKind, string> = { image: 'Image', video: 'Vidéo' };

/**
 * A video item links to its video (LINK required, http(s)); an image item has no link (it is
 * cleared) and carries its photo.
 */
function kindAndLink(v: { TYPE?: GalleryKind; LINK?: string | null }, ctx: z.RefinementCtx) {
  if (v.TYPE === 'video' && !present(v.LINK)) ctx.addIssue({ code: 'custom', path: ['LINK'], message: SHOWCASE_MSG.linkRequired });
  if (v.TYPE === 'image' && v.LINK != null) v.LINK = null;
}
const galleryKind = z.enum(GALLERY_KINDS, { error: SHOWCASE_MSG.kindRequired });
export const galleryBody = z
  .object({ TITLE: requiredText(255), TYPE: galleryKind, LINK: httpUrl(), POSITION: z.number().int().min(1).optional() })
  .superRefine(kindAndLink);
/**
 * The kind of a new gallery item the caller did not name (the older product's POST gallery sends POSITION,
 * TITLE, LINK, file: no TYPE): a photo with a file, else a video with a link; neither leaves it
 * unnamed (then « Choisissez Image ou Vidéo. »). A file wins over a link, which an image drops.
 */
export function inferGalleryKind(body: { TYPE?: unknown; LINK?: unknown }, hasFile: boolean): GalleryKind | undefined {
  if (body.TYPE !== undefined) return body.TYPE as GalleryKind;
  if (hasFile) return 'image';
  return typeof body.LINK === 'string' && present(body.LINK) ? 'video' : undefined;
}
export const galleryUpdateBody = z
  .object({ TITLE: requiredText(255).optional(), TYPE: galleryKind.optional(), LINK: httpUrl().optional(), POSITION: z.number().int().min(1).optional() })
  .superRefine(kindAndLink);

/** Contact requests (staff form and the website's form): name, message, phone of exactly 8 digits or +. */
export const contactRequestBody = z.object({
  NAME: requiredText(150),
  GSM: phone8(),
  CONTENT: requiredText(5000),
});
/** The website's form adds the captcha solution, checked as on sign-in. */
export const publicContactBody = contactRequestBody.extend({ captcha: z.string().max(10000).nullish() });

export type WebsiteServiceBody = z.input<typeof websiteServiceBody>;
export type HomeServiceBody = z.input<typeof homeServiceBody>;
export type PartnerToolBody = z.input<typeof partnerToolBody>;
export type GalleryBody = z.input<typeof galleryBody>;
export type ContactRequestBody = z.input<typeof contactRequestBody>;

interface ServiceFields {
  id: number;
  ID: number;
  title_fr: string;
  title_en: string;
  content_fr: string;
  content_en: string;
  img_title: string | null;
  alt: string | null;
  /** The French title, content and alt under the older names. */
  title: string;
  text: string;
  alt_img: string | null;
  position: number;
  MEDIA: Media | null;
}
export interface WebsiteService extends ServiceFields {
  type: ServiceType;
}
export type HomeService = ServiceFields;
export interface PartnerTool {
  id: number;
  ID: number;
  name: string;
  alt_logo: string | null;
  site_web: string | null;
  position: number;
  MEDIA: Media | null;
}
export interface GalleryItem {
  id: number;
  ID: number;
  POSITION: number;
  TITLE: string;
  TYPE: GalleryKind;
  LINK: string | null;
  MEDIA: Media | null;
}
export interface ContactRequest {
  id: number;
  ID: number;
  NAME: string;
  GSM: string;
  CONTENT: string;
  created_at: string;
}
