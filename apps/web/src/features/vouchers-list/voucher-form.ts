import { type Voucher, voucherBody, vouchersMeta } from '@app/domain';
import { z } from 'zod';
import type { FileValue } from '../../components/fields';

export const VOUCHERS_PATH = vouchersMeta.path;

/** The API body's rules (start strictly before end) plus the optional image. */
export const voucherForm = voucherBody.safeExtend({
  file: z.custom<FileValue>((v) => v === null || typeof v === 'string' || v instanceof File).optional(),
});
export type VoucherFormIn = z.input<typeof voucherForm>;
export type VoucherFormOut = z.output<typeof voucherForm>;

/** Form values of a new voucher (active) or of a stored one; numbers typed as text. */
export function voucherFormValues(row: Voucher | null): VoucherFormIn {
  return {
    REF: row?.REF ?? '',
    QTS: row ? String(row.QTS) : '',
    // Shown without trailing zeros ("50.25"); the list shows 50,250 DT.
    SOLDE: row ? String(Number(row.SOLDE)) : '',
    TYPE_CLIENT_ID: row?.TYPE_CLIENT_ID ?? null,
    CATEGORY: row?.CATEGORY ?? null,
    CIRCUIT: row?.CIRCUIT ?? null,
    ACTIVITE: row?.ACTIVITE ?? null,
    BADGES_ID: row?.BADGES_ID ?? null,
    START_DAY: row?.START_DAY ?? '',
    END_DATE: row?.END_DATE ?? '',
    IS_ACTIVE: row ? (row.IS_ACTIVE === 1 ? 1 : 0) : 1,
    DESCRIPTION: row?.DESCRIPTION ?? '',
    file: row?.MEDIA?.original_url ?? null,
  };
}
