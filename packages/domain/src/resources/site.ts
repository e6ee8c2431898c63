import { type Block, BLOCKS_PAGE_SIZE, type Section } from '../site';
import type { ResourceMeta } from './meta';

export const blocksMeta = {
  path: 'blocs',
  audit: 'Blocs du site',
  noun: 'ce bloc',
  perPage: BLOCKS_PAGE_SIZE,
  defaultSort: { field: 'position', order: 'asc' },
  sortable: ['position', 'key', 'title_fr', 'title_en'],
  labels: {
    position: 'Position',
    'MEDIA.original_url': 'Image',
    key: 'Clé',
    title_fr: 'Titre (FR)',
    title_en: 'Titre (EN)',
    content_fr: 'Contenu (FR)',
    content_en: 'Contenu (EN)',
    url: 'Lien / largeur',
  },
  titles: { add: 'Ajouter un bloc', edit: 'Modifier le bloc', view: 'Détails du bloc' },
  export: { fileName: 'blocs', title: 'Blocs de section', orientation: 'landscape' },
} as const satisfies ResourceMeta<Block>;

export const sectionsMeta = {
  path: 'sections',
  audit: 'Sections du site',
  noun: 'cette section',
  perPage: 50,
  defaultSort: { field: 'position', order: 'asc' },
  sortable: ['key', 'position'],
  labels: {},
  export: { fileName: 'sections', title: 'Sections', orientation: 'landscape' },
} as const satisfies ResourceMeta<Section>;
