import { GALLERY_KINDS, galleryBody, type GalleryItem, galleryMeta, galleryUpdateBody, inferGalleryKind, SHOWCASE_MSG } from '@app/domain';
import { z } from 'zod';
import { defineResource } from '../../lib/crud/resource';
import { galleryItems as t } from './showcase.table';

/**
 * The gallery (route /layout/gallery): a photo, or a video by its link. POST takes
 * form data (POSITION, TITLE, LINK, file); a photo is required for an image item only. TYPE, which
 * the spec's call never names, is inferred when absent: Image with a file, Video with a link.
 */
export const galleryResource = defineResource<GalleryItem>()({
  meta: galleryMeta,
  tag: 'showcase',
  actions: { read: 'showcase:read', write: 'showcase:write' },
  table: t,
  idColumn: t.id,
  body: galleryBody,
  updateBody: galleryUpdateBody,
  fields: [
    { api: 'POSITION', column: t.position, sort: true, export: { width: 0.6 } },
    { api: 'TITLE', column: t.title, search: true, sort: 'text', export: { width: 2.5 } },
    {
      api: 'TYPE',
      column: t.kind,
      schema: z.enum(GALLERY_KINDS),
      sort: true,
      export: { width: 0.8, format: (v) => (v === 'video' ? 'Vidéo' : 'Image') },
    },
    { api: 'LINK', column: t.link, search: true, export: { width: 2.5 } },
  ],
  inUseMessage: 'Suppression impossible : cet élément est encore utilisé.',
  position: t.position,
  media: {
    names: { image: 'image' },
    export: { header: 'Photo', width: 1.5 },
    required: (body) => (body.TYPE === 'video' ? null : SHOWCASE_MSG.imageRequired),
  },
  formCreate: true,
  inferOnCreate: {
    note: 'TYPE peut être omis : image si un fichier est joint, sinon vidéo si LINK est donné.',
    fill: (body, { file }) => {
      const kind = inferGalleryKind(body, file);
      if (kind !== undefined) body.TYPE = kind;
    },
  },
});
