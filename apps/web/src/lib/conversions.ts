import { api } from './api';

/**
 * The conversion calls two screens share (the conversions lists and the client detail's gifts tab),
 * kept here so neither feature imports the other. Gift conversions, or starter-gift requests
 * (`?dem=start`): the same fulfilment, two API paths.
 */
export type ConversionKind = 'gift' | 'starter';

export const CONVERSION_PATH: Record<ConversionKind, string> = { gift: 'giftConversion', starter: 'startingGift-purchases' };

export const exitSlipBlob = (kind: ConversionKind, id: number) => api.blob(`${CONVERSION_PATH[kind]}/${id}/exit-slip`);
export const downloadExitSlip = (kind: ConversionKind, id: number) => api.download(`${CONVERSION_PATH[kind]}/${id}/exit-slip`);
