import { z } from 'zod';
import { calendarDate, optionalText, queryInteger, statusCode } from './fields';
import type { Media } from './classification';
import { STATUS_MSG, statusSet } from './statuses';

/** Orders. */

export const ORDERS_PAGE_SIZE = 50;
export const ORDER_ITEMS_PAGE_SIZE = 50;
/** Orders listed in the header's bell (the newest waiting ones). */
export const ORDER_BELL_SIZE = 20;
/** The bell refreshes every minute (and after any order change). */
export const ORDER_BELL_REFRESH_MS = 60_000;

/**
 * Order statuses, colours of the list selector (0 amber, 1 green, 2 blue, 3 red, 4 purple),
 * dark enough for white text. Staff move a new order to 1 (Traitement en cours) or 3 (Traité et
 * refusé), and an order in progress to 2 (Traité et accepté: its points reach the client) or 3: the
 * path of an app order through the back office (the older product's screen disabled the selector
 * past Nouveau, which left an app order no way to be accepted). 4 (Facturé) is reached by the invoice
 * synchronisation only; a decided order (2, 3, 4) moves no more.
 */
export const ORDER_CODES = { NEW: 0, IN_PROGRESS: 1, ACCEPTED: 2, REFUSED: 3, INVOICED: 4 } as const;
export const ORDER_STATUS = statusSet([
  { code: ORDER_CODES.NEW, label: 'Nouveau', color: '#b45309', next: [ORDER_CODES.IN_PROGRESS, ORDER_CODES.REFUSED] },
  { code: ORDER_CODES.IN_PROGRESS, label: 'Traitement en cours', color: '#15803d', next: [ORDER_CODES.ACCEPTED, ORDER_CODES.REFUSED] },
  { code: ORDER_CODES.ACCEPTED, label: 'Traité et accepté', color: '#1d4ed8', next: [] },
  { code: ORDER_CODES.REFUSED, label: 'Traité et refusé', color: '#b91c1c', next: [] },
  { code: ORDER_CODES.INVOICED, label: 'Facturé', color: '#7e22ce', next: [] },
]);
/** Statuses at which an order's points reach the client's ledger (once), and its turnover counts. */
export const ORDER_POINTS_STATUSES: readonly number[] = [ORDER_CODES.ACCEPTED, ORDER_CODES.INVOICED];
/** An order may be deleted only while new or refused. */
export const ORDER_DELETABLE_STATUSES: readonly number[] = [ORDER_CODES.NEW, ORDER_CODES.REFUSED];

export const ORDER_MSG = {
  statusNotAllowed: (from: number, to: number) => STATUS_MSG.notAllowed(ORDER_STATUS, from, to),
  statusUnknown: 'Statut inconnu.',
  nothingToChange: 'Indiquez le statut ou le site.',
  notDeletable: 'Seule une commande « Nouveau » ou « Traité et refusé » peut être supprimée.',
} as const;

/** PUT orders/{id}: the status, or the shipping site, or both. */
export const orderUpdateBody = z
  .object({
    STATUS: statusCode(ORDER_STATUS.codes, ORDER_MSG.statusUnknown).optional(),
    SITE: optionalText(100).optional(),
  })
  .refine((v) => v.STATUS !== undefined || v.SITE !== undefined, { error: ORDER_MSG.nothingToChange, path: ['STATUS'] });

/** Filters of GET orders besides search and sort. */
export const orderFilters = {
  STATUS: queryInteger({ max: 4 }),
  CODE_CLIENT: z.string().trim().min(1).max(30),
  DATE_DEBUT: calendarDate(),
  DATE_FIN: calendarDate(),
};

/** A line as it is priced: quantity, unit price TTC (text or number of dinars), unit points. */
export interface PricedLine {
  qte: number;
  unitPriceTtc: string | number;
  unitPoints: number;
}

/** Dinars as integer millimes ("16.422" → 16422), exact for up to three decimals. */
export function toMillimes(value: string | number): number {
  const text = typeof value === 'number' ? value.toFixed(3) : value.trim();
  const m = /^(-?)(\d+)(?:\.(\d{1,3}))?$/.exec(text);
  if (!m) throw new Error(`Montant invalide : ${value}`);
  const abs = Number(m[2]) * 1000 + Number((m[3] ?? '').padEnd(3, '0'));
  return m[1] ? -abs : abs;
}

/** TOTAL_NET_TTC (in millimes) and TOTAL_POINTS of an order's lines: integers only, never floating dinars. */
export function orderTotals(lines: readonly PricedLine[]): { millimes: number; points: number } {
  let millimes = 0;
  let points = 0;
  for (const l of lines) {
    millimes += l.qte * toMillimes(l.unitPriceTtc);
    points += l.qte * l.unitPoints;
  }
  return { millimes, points };
}

export interface Order {
  id: number;
  ID: number;
  NUM_ORDER: string;
  CLIENT_ID: number;
  CODE_CLIENT: string;
  NAME_CLIENT: string;
  CREATED_AT: string;
  ADDRESS: string | null;
  DESTINATION: string | null;
  CDZ: string | null;
  SITE: string | null;
  STATUS: number;
  TOTAL_NET_TTC: number;
  TOTAL_POINTS: number;
  USER_ID: number | null;
  USER_NAME: string | null;
}
export interface OrderItem {
  id: number;
  PRODUCT_ID: number;
  PRODUCT: { REF: string; LABEL: string; LABEL_AR: string | null; MEDIA: Media | null };
  PRODUCT_POINTS: number;
  QTE_ORDERED: number;
  UNIT_PRICE_TTC: number;
}
export interface OrderBellItem {
  id: number;
  NUM_ORDER: string;
  USER: string;
  CODE_CLIENT: string;
  TOTAL: number;
  DATE: string;
}
