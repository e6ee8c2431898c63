import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api';
import type { Delivery, EndpointBody, EventOption, WebhookEndpoint, WebhookEndpointWithSecret } from './webhooks.types';

/** The endpoints' list and every call that changes one; each mutation refreshes the list. */
export const WEBHOOKS_KEY = ['webhooks'] as const;

export const fetchEndpoints = () => api.get<WebhookEndpoint[]>('webhooks');
export const useEndpoints = () => useQuery({ queryKey: WEBHOOKS_KEY, queryFn: fetchEndpoints, staleTime: 0 });

/** The subscribable events with their French labels (GET webhooks/events). */
export const fetchEventOptions = () => api.get<EventOption[]>('webhooks/events');
export const useEventOptions = () => useQuery({ queryKey: [...WEBHOOKS_KEY, 'events'], queryFn: fetchEventOptions, staleTime: Number.POSITIVE_INFINITY });

/** Create (the reply carries the whole secret, this once) or update: field errors (422) are the form's to show, so the call is silent. */
export const saveEndpoint = (id: number | null, body: EndpointBody): Promise<WebhookEndpointWithSecret | WebhookEndpoint> =>
  id == null ? api.post<WebhookEndpointWithSecret>('webhooks', body, { silent: true }) : api.put<WebhookEndpoint>(`webhooks/${id}`, body, { silent: true });
export const deleteEndpoint = (id: number) => api.delete<null>(`webhooks/${id}`);
export const rotateSecret = (id: number) => api.post<WebhookEndpointWithSecret>(`webhooks/${id}/secret`);
export const resumeEndpoint = (id: number) => api.post<WebhookEndpoint>(`webhooks/${id}/resume`);
export const sendTestEvent = (id: number) => api.post<Delivery>(`webhooks/${id}/test`);
export const fetchEndpoint = (id: number) => api.get<WebhookEndpoint>(`webhooks/${id}`);

/**
 * A call that refreshes the endpoints (and their logs) once it succeeded, with its pending argument
 * for the row's spinner. (Plain state rather than useMutation: the screen stays out of the chunks
 * the other screens share.)
 */
export function useEndpointMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const qc = useQueryClient();
  const [pending, setPending] = useState<{ arg: A } | null>(null);
  const mutateAsync = async (arg: A): Promise<R> => {
    setPending({ arg });
    try {
      const r = await fn(arg);
      await qc.invalidateQueries({ queryKey: WEBHOOKS_KEY });
      return r;
    } finally {
      setPending(null);
    }
  };
  return { mutateAsync, mutate: (arg: A) => void mutateAsync(arg).catch(() => {}), isPending: pending !== null, variables: pending?.arg };
}
