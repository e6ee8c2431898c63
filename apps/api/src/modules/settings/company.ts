import type { CompanySettings } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { appSettings } from './settings.table';

/** The saved company details, or those the server was started with (COMPANY_NAME, COMPANY_TAX_ID) while none are saved. */
export async function readCompany(db: Pick<Db, 'select'>, config: Pick<Config, 'COMPANY_NAME' | 'COMPANY_TAX_ID'>): Promise<CompanySettings> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.id, 1));
  if (!row) return { id: null, NAME: config.COMPANY_NAME, TAX_ID: config.COMPANY_TAX_ID, ADDRESS: '', PHONE: '', EMAIL: '' };
  return { id: row.id, NAME: row.name, TAX_ID: row.taxId, ADDRESS: row.address, PHONE: row.phone, EMAIL: row.email };
}
