import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageMeta } from '@app/domain';
import { api, request } from '../../lib/api';
import { WEBHOOKS_KEY } from './endpoints.api';
import type { Delivery, DeliveryStatus } from './webhooks.types';

/** An endpoint's delivery log, newest first, paged in SQL, filtered by status. */
export const DELIVERIES_PAGE_SIZE = 20;
export const deliveriesKey = (id: number) => [...WEBHOOKS_KEY, id, 'deliveries'] as const;

export const fetchDeliveries = async (id: number, page: number, status: DeliveryStatus | null): Promise<{ rows: Delivery[]; meta?: PageMeta }> => {
  const r = await request<Delivery[]>(`webhooks/${id}/deliveries`, { query: { page, rows: DELIVERIES_PAGE_SIZE, status } });
  return { rows: r.data, meta: r.meta };
};
export const useDeliveries = (id: number | null, page: number, status: DeliveryStatus | null) =>
  useQuery({
    queryKey: [...deliveriesKey(id ?? 0), page, status],
    queryFn: () => fetchDeliveries(id!, page, status),
    enabled: id != null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** « Renvoyer »: a new attempt chain of that event to that endpoint. */
export const redeliver = (id: number, deliveryId: number) => api.post<Delivery>(`webhooks/${id}/deliveries/${deliveryId}/redeliver`);
