import type { Order } from '@app/domain';
import { api } from '../../lib/api';

export const ORDERS = 'orders';

export const saveOrder = (id: number, body: { STATUS?: number; SITE?: string | null }) => api.put<Order>(`${ORDERS}/${id}`, body);
export const fetchSites = () => api.get<string[]>('clients/sites');
