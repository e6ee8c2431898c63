import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SYNC_MSG } from '@app/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { products } from '../../src/modules/catalogue/catalogue.table';
import { failInterruptedRuns } from '../../src/modules/sync/sync.service';
import { syncRuns } from '../../src/modules/sync/sync.table';
import { createDatabase } from '../support/helpers';
import { PRODUCTS_CSV, syncFixtures } from '../support/sync-fixtures';

/** A synchronisation killed before its commit: nothing applied, the run failed after restart. */
describe('a synchronisation killed in the middle', () => {
  it('leaves no product written and shows the run as failed once the server starts again', async () => {
    const { handle, target, drop } = await createDatabase({ onDisk: true });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-sync-kill-'));
    try {
      await handle.migrate();
      await syncFixtures(handle.db);
      const file = path.join(dir, 'products.csv');
      writeFileSync(file, PRODUCTS_CSV);
      if (handle.kind === 'pglite') await handle.close(); // one process at a time on a PGlite folder
      const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../fixtures/sync-then-die.ts'), target, file], {
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(child.signal, child.stderr).toBe('SIGKILL');
      expect(child.stdout).toContain('killing');
      const again = handle.kind === 'pglite' ? await openDatabase({ dataDir: target }) : handle;
      try {
        // The transaction never committed: only the fixture's product.
        expect((await again.db.select({ n: sql<number>`count(*)::int` }).from(products))[0].n).toBe(1);
        const [before] = await again.db.select().from(syncRuns);
        expect(before.result).toBe('running');
        // What the server does at start (sync.routes.ts, onReady).
        expect(await failInterruptedRuns(again.db)).toBe(1);
        const [after] = await again.db.select().from(syncRuns);
        expect(after).toMatchObject({ result: 'failed', message: SYNC_MSG.interrupted, inserted: 0 });
      } finally {
        if (again !== handle) await again.close();
      }
    } finally {
      if (handle.kind !== 'pglite') await handle.close();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
