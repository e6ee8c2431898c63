import { returnNumber } from '@app/domain';
import type { Db } from '../../db/client';
import { nextNumber } from '../system';

/** NUM_RETOUR of a new return. */
export async function nextReturnNumber(tx: Db): Promise<string> {
  const { year, seq } = await nextNumber(tx, 'return');
  return returnNumber(year, seq);
}
