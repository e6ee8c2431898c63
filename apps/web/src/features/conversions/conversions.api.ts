import type { GiftConversion, StarterPurchase } from '@app/domain';
import { api } from '../../lib/api';

/** Gift conversions, or starter-gift requests (`?dem=start`): the same fulfilment, two API paths. */
export type ConversionKind = 'gift' | 'starter';
export type ConversionRow = GiftConversion | StarterPurchase;

export const CONVERSION_PATH: Record<ConversionKind, string> = { gift: 'giftConversion', starter: 'startingGift-purchases' };

export const setConversionStatus = (kind: ConversionKind, id: number, STATUS: number) => api.put<ConversionRow>(`${CONVERSION_PATH[kind]}/${id}`, { STATUS });
export const receiveConversion = (kind: ConversionKind, QRCODE: string) => api.post<ConversionRow>(`${CONVERSION_PATH[kind]}/receive`, { QRCODE }, { silent: true });
export const exitSlipBlob = (kind: ConversionKind, id: number) => api.blob(`${CONVERSION_PATH[kind]}/${id}/exit-slip`);
export const downloadExitSlip = (kind: ConversionKind, id: number) => api.download(`${CONVERSION_PATH[kind]}/${id}/exit-slip`);
