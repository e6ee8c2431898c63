import { FLUX_PAGE_SIZE, type FluxDetail } from '../flux';
import type { ResourceMeta } from './meta';

export const fluxMeta = {
  path: 'flux',
  audit: 'Flux',
  noun: 'cette notification',
  perPage: FLUX_PAGE_SIZE,
  defaultSort: { field: 'DATE', order: 'desc' },
  sortable: ['TITLE', 'DATE', 'RECIPIENTS'],
  labels: { TITLE: 'Titre', MESSAGE_TEXT: 'Message', DATE: 'Date', RECIPIENTS: 'Destinataires' },
  export: { fileName: 'flux', title: 'Notifications', orientation: 'portrait' },
} as const satisfies ResourceMeta<FluxDetail>;
