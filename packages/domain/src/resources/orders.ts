import { type Order, ORDERS_PAGE_SIZE } from '../orders';
import { type GoodsReturn, RETURNS_PAGE_SIZE } from '../returns';
import type { ResourceMeta } from './meta';

export const ordersMeta = {
  path: 'orders',
  audit: 'Commandes',
  noun: 'cette commande',
  perPage: ORDERS_PAGE_SIZE,
  defaultSort: { field: 'CREATED_AT', order: 'desc' },
  sortable: ['NUM_ORDER', 'CODE_CLIENT', 'NAME_CLIENT', 'CREATED_AT', 'DESTINATION', 'CDZ', 'SITE', 'STATUS', 'TOTAL_NET_TTC', 'TOTAL_POINTS'],
  labels: {
    NUM_ORDER: 'N° commande',
    CODE_CLIENT: 'Code client',
    NAME_CLIENT: 'Client',
    CREATED_AT: 'Date',
    DESTINATION: 'Destination',
    CDZ: 'CDZ',
    SITE: 'Site de livraison',
    STATUS: 'Statut',
    TOTAL_NET_TTC: 'Total TTC',
    TOTAL_POINTS: 'Points',
  },
  export: { fileName: 'commandes', title: 'Commandes', orientation: 'landscape' },
} as const satisfies ResourceMeta<Order>;

export const returnsMeta = {
  path: 'retourMarchandises',
  audit: 'Retours marchandises',
  noun: 'ce retour',
  perPage: RETURNS_PAGE_SIZE,
  defaultSort: { field: 'CREATED_AT', order: 'desc' },
  sortable: ['NUM_RETOUR', 'CLIENT_NAME', 'CODE_CLIENT', 'CREATED_AT', 'ADDRESS'],
  labels: {
    NUM_RETOUR: 'N° retour',
    CLIENT_NAME: 'Client',
    CREATED_AT: 'Date',
    ADDRESS: 'Adresse',
    CODE_CLIENT: 'Code client',
  },
  export: { fileName: 'retours', title: 'Retours de marchandises', orientation: 'landscape' },
} as const satisfies ResourceMeta<GoodsReturn>;
