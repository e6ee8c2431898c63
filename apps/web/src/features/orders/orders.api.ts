import type { Order, OrderBellItem } from '@app/domain';
import { api } from '../../lib/api';

export const ORDERS = 'orders';
/** The bell's query: refreshed every minute and after any order change. */
export const BELL_KEY = ['getAskOrders'] as const;

export const saveOrder = (id: number, body: { STATUS?: number; SITE?: string | null }) => api.put<Order>(`${ORDERS}/${id}`, body);
// Quiet and silent: a background refresh neither covers the screen nor raises toasts.
export const fetchBell = () => api.get<{ count: number; items: OrderBellItem[] }>('getAskOrders', undefined, { quiet: true, silent: true });
export const fetchSites = () => api.get<string[]>('clients/sites');
