import { formatDate, formatInteger, formatMoney, hrefFor, type OrderBellItem } from '@app/domain';
import { Bell, type BellConfig } from './Bell';
import { fetchGiftBell, fetchOrderBell, GIFT_BELL_KEY, type GiftBellItem, ORDER_BELL_KEY } from './bells.api';

/** New orders (GET getAskOrders): user, number, total in DT, date; an item opens that order. */
const ORDER_BELL: BellConfig<OrderBellItem> = {
  action: 'orders:read',
  icon: 'pi-shopping-cart',
  queryKey: ORDER_BELL_KEY,
  fetch: fetchOrderBell,
  label: (count) => `Commandes en attente : ${formatInteger(count)}`,
  panel: 'Nouvelles commandes',
  empty: 'Aucune nouvelle commande',
  meta: (item) => `${item.NUM_ORDER} · ${formatMoney(item.TOTAL)} · ${formatDate(item.DATE)}`,
  href: (item) => hrefFor('orders', {}, { commande: item.id }),
};

/** Waiting gift requests (GET getAskPurchases): user, gift, date; an item opens the client's page, where it is decided. */
const GIFT_BELL: BellConfig<GiftBellItem> = {
  action: 'purchases:read',
  icon: 'pi-gift',
  queryKey: GIFT_BELL_KEY,
  fetch: fetchGiftBell,
  label: (count) => `Demandes de cadeaux en attente : ${formatInteger(count)}`,
  panel: 'Demandes de cadeaux',
  empty: 'Aucune demande en attente',
  meta: (item) => `${item.GIFT} · ${formatDate(item.DATE)}`,
  href: (item) => hrefFor('client-detail', {}, { id: item.CLIENT_ID }),
};

export const OrderBell = () => <Bell config={ORDER_BELL} />;
export const GiftBell = () => <Bell config={GIFT_BELL} />;
