import type { VoucherPurchase } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The voucher conversions calls; the API keeps the older product's spelling (`vocher`). */
export const VOUCHER_PURCHASES_PATH = 'vocher-purchases';
export const clientVouchersKey = (code: string | null) => [VOUCHER_PURCHASES_PATH, 'client', code] as const;

/** A client's vouchers, by client code. */
export const useClientVouchers = (code: string | null, enabled: boolean) =>
  useQuery({
    queryKey: clientVouchersKey(code),
    queryFn: () => api.get<VoucherPurchase[]>(`${VOUCHER_PURCHASES_PATH}/client/${encodeURIComponent(code as string)}`),
    enabled: enabled && !!code,
  });

/** Every ticked voucher becomes used, or none. Silent: the dialog shows the server's message. */
export const consumeVouchers = (reason: string, ids: number[]) =>
  api.post(`${VOUCHER_PURCHASES_PATH}/manualPurchase`, { MANUAL_REASON: reason, VOCHERS_PURCHASES: ids }, { silent: true });
