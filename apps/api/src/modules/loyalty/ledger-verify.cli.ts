/**
 * npm run ledger:verify
 * Runs every invariant of the points ledger against the database the server uses
 * (DATABASE_URL, else the embedded one under DATA_DIR: stop the server first, one process at a time
 * opens it) and prints, in French, each invariant's count and first offenders. Reads only.
 * Exit code: 0 every invariant holds, 1 at least one fails, 2 the check could not run.
 */
import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { formatLedgerReport, verifyLedger } from './ledger-verify';

async function main(): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      return 2;
    }
    throw e;
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, poolMax: 2 });
  try {
    const report = await verifyLedger(database.db);
    console.log(formatLedgerReport(report));
    return report.OK ? 0 : 1;
  } catch (e) {
    console.error(`Contrôle du registre impossible : ${(e as Error).message}`);
    return 2;
  } finally {
    await database.close();
  }
}

if (process.argv[1]?.endsWith('ledger-verify.cli.ts')) process.exitCode = await main();
