import type { MessageTemplate } from '../communication';
import type { ResourceMeta } from './meta';

export const templatesMeta = {
  path: 'templating',
  audit: 'Templates',
  noun: 'ce modèle',
  perPage: 50,
  defaultSort: { field: 'NOM_DU_MODÈLE', order: 'asc' },
  sortable: ['NOM_DU_MODÈLE', 'SUJET', 'TYPE'],
  labels: { NOM_DU_MODÈLE: 'Nom du modèle', SUJET: 'Sujet', TYPE: 'Type' },
  export: { fileName: 'modeles', title: 'Modèles de messages', orientation: 'portrait' },
} as const satisfies ResourceMeta<MessageTemplate>;
