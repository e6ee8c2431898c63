import { ORDER_ITEMS_PAGE_SIZE, type Order, type OrderItem } from '@app/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, request } from '../../lib/api';

export const ORDERS = 'orders';

export const saveOrder = (id: number, body: { STATUS?: number; SITE?: string | null }) => api.put<Order>(`${ORDERS}/${id}`, body);
export const fetchSites = () => api.get<string[]>('clients/sites');

export const orderKey = (id: number | null) => [ORDERS, 'one', id] as const;
export const orderItemsKey = (id: number | null, page: number) => [ORDERS, 'items', id, page] as const;
/** Shared with the clients' known sites: cached five minutes. */
export const SITES_KEY = ['clients', 'sites'] as const;

/** The order a view dialog shows. */
export const useOrder = (id: number | null) => useQuery({ queryKey: orderKey(id), queryFn: () => api.get<Order>(`${ORDERS}/${id}`), enabled: id != null });

/** A page of the order's products, ORDER_ITEMS_PAGE_SIZE per page; the previous page stays while the next loads. */
export const useOrderItems = (id: number | null, page: number) =>
  useQuery({
    queryKey: orderItemsKey(id, page),
    queryFn: () => request<OrderItem[]>(`${ORDERS}/${id}/items`, { query: { page, perPage: ORDER_ITEMS_PAGE_SIZE } }),
    enabled: id != null,
    placeholderData: keepPreviousData,
  });

export const useSites = (enabled: boolean) => useQuery({ queryKey: SITES_KEY, queryFn: fetchSites, staleTime: 300_000, enabled });
