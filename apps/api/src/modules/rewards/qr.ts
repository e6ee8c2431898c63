import { randomBytes } from 'node:crypto';

/**
 * A conversion's or a voucher's QR code: 24 random bytes (base64url, 32 characters). Never derived
 * from an id, so a code cannot be guessed from another one; the receipt call looks it up as is.
 */
export const newQrToken = (): string => randomBytes(24).toString('base64url');

/** The QR code of a token as a PNG (error correction M, 4 modules of margin). */
export async function qrPng(token: string, width = 320): Promise<Buffer> {
  // Loaded by the first exit slip, not at start (lib/exports/lazy-libs.ts says why).
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(token, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width });
}
