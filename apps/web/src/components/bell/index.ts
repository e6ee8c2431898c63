export { Bell, type BellConfig, type BellItem } from './Bell';
export { GiftBell, OrderBell } from './bells';
export { fetchGiftBell, fetchOrderBell, GIFT_BELL_KEY, type GiftBellItem, ORDER_BELL_KEY } from './bells.api';
