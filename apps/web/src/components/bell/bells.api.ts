import type { OrderBellItem } from '@app/domain';
import { api } from '../../lib/api';

/** The two bells' calls. Their keys are invalidated by the screens that change what they count. */
export const ORDER_BELL_KEY = ['getAskOrders'] as const;
export const GIFT_BELL_KEY = ['gift-bell'] as const;

export interface GiftBellItem {
  id: number;
  REF: string;
  USER: string;
  CLIENT_ID: number;
  CODE_CLIENT: string;
  GIFT: string;
  DATE: string;
}

// Quiet and silent: a background refresh neither covers the screen nor raises toasts.
export const fetchOrderBell = () => api.get<{ count: number; items: OrderBellItem[] }>('getAskOrders', undefined, { quiet: true, silent: true });
export const fetchGiftBell = () => api.get<{ count: number; items: GiftBellItem[] }>('getAskPurchases', undefined, { quiet: true, silent: true });
