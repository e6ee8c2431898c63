import { z } from 'zod';

/** numeric(14,3) given out as the exact text PostgreSQL prints ("25.500"), as the domain's Gift and Voucher say. */
export const moneyText = { read: (v: unknown) => (v == null ? null : String(v)), schema: z.string() };
