import { z } from 'zod';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_MSG } from './idempotency-messages';

// Its messages live apart (idempotency-messages.ts): the web app reads them without loading zod.
/** The header's value as the server checks it (its length first: no pattern runs on a long value). */
export const idempotencyKey = z
  .string()
  .max(IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_MSG.invalid)
  .regex(/^[\x21-\x7e]+$/, IDEMPOTENCY_MSG.invalid);
