import type { GiftConversion, StarterPurchase } from '@app/domain';
import { api } from '../../lib/api';
import { CONVERSION_PATH, type ConversionKind } from '../../lib/conversions';

export { CONVERSION_PATH, type ConversionKind, downloadExitSlip, exitSlipBlob } from '../../lib/conversions';
export type ConversionRow = GiftConversion | StarterPurchase;

export const setConversionStatus = (kind: ConversionKind, id: number, STATUS: number) => api.put<ConversionRow>(`${CONVERSION_PATH[kind]}/${id}`, { STATUS });
export const receiveConversion = (kind: ConversionKind, QRCODE: string) =>
  api.post<ConversionRow>(`${CONVERSION_PATH[kind]}/receive`, { QRCODE }, { silent: true });
