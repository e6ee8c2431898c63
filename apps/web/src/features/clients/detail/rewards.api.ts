import type { GiftConversion, GiftPurchase, StarterPurchase, VoucherPurchase } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { CONVERSION_PATH } from '../../../lib/conversions';
import { CLIENTS } from '../clients.api';
import { GIFT_BELL_KEY } from '../../../components/bell/bells.api';
import { resourceKey } from '../../../components/data-table';

/** What the detail page shows of a client's rewards: requests, gift units, starter gifts, vouchers. */
const key = (clientId: number) => ['client-rewards', clientId] as const;
const ALL = { page: 1, perPage: 100 };

export function useClientRewards(client: { id: number; CODE_CLIENT: string }, opts: { purchases: boolean; conversions: boolean; vouchers: boolean }) {
  return useQuery({
    queryKey: [...key(client.id), opts],
    queryFn: async () => {
      const [purchases, conversions, starters, vouchers] = await Promise.all([
        opts.purchases ? api.get<GiftPurchase[]>('gift-purchases/all', { ...ALL, CLIENT_ID: client.id }) : [],
        opts.conversions ? api.get<GiftConversion[]>(`${CONVERSION_PATH.gift}/all`, { ...ALL, CODE_CLIENT: client.CODE_CLIENT }) : [],
        opts.conversions ? api.get<StarterPurchase[]>(`${CONVERSION_PATH.starter}/all`, { ...ALL, CODE_CLIENT: client.CODE_CLIENT }) : [],
        opts.vouchers ? api.get<VoucherPurchase[]>(`vocher-purchases/client/${encodeURIComponent(client.CODE_CLIENT)}`) : [],
      ]);
      return { purchases, conversions, starters, vouchers };
    },
  });
}

/** After an accept or refuse: the tabs, the client (points), the lists and the bell read again. */
export function useRefreshRewards(clientId: number) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: key(clientId) }),
      qc.invalidateQueries({ queryKey: resourceKey(CLIENTS) }),
      qc.invalidateQueries({ queryKey: GIFT_BELL_KEY }),
    ]);
}

/** Accept or refuse a waiting request: POST {gift-purchases|startingGift-purchases}/{accept|refuse}/{id}. */
export const postDecision = (path: string) => api.post(path);
