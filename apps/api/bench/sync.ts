import { ORDER_CODES } from '@app/domain';
/**
 * The ERP synchronisations at volume, PostgreSQL only, in a database of their own:
 * BENCH_SYNC_PRODUCTS products (default 100,000) then BENCH_SYNC_LINES invoice lines (default
 * 1,000,000, five lines per invoice), each through the API (GET sync…FromCSV on SYNC_DIR, through the
 * job engine until the run is finished) beside the bare work in the same run: a server-side COPY of
 * the same file into a staging table plus one INSERT … ON CONFLICT, printed as a ratio (target ≤ 2).
 * Between runs what a run wrote is removed (not timed), so every run inserts every row.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Db, openDatabase } from '../src/db/client';
import { seedDemoAccounts } from '../src/db/seed-accounts';
import { hashToken, newToken } from '../src/plugins/auth';
import { row } from './clients';
import { sqlCode } from '../src/db/codes';

const PRODUCTS = Number(process.env.BENCH_SYNC_PRODUCTS ?? 100_000);
const LINES = Number(process.env.BENCH_SYNC_LINES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_SYNC_RUNS ?? 3);
const CLIENTS = 10_000;

async function writeFile(file: string, header: string, n: number, line: (i: number) => string) {
  const out = createWriteStream(file);
  out.write(`${header}\n`);
  let chunk = '';
  for (let i = 0; i < n; i++) {
    chunk += `${line(i)}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      chunk = '';
    }
  }
  out.end(chunk);
  await new Promise<void>((r) => out.on('finish', () => r()));
  // The bare COPY is read by the PostgreSQL server itself (same machine).
  chmodSync(file, 0o644);
}

export async function benchSync(url: string) {
  const name = `bo_bench_sync_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const handle = await openDatabase({ url: u.toString() });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-bench-sync-'));
  chmodSync(dataDir, 0o755);
  const syncDir = path.join(dataDir, 'sync');
  const config = loadConfig({ CAPTCHA: 'off', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SYNC_DIR: syncDir });
  const db = handle.db as Db;
  try {
    await handle.migrate();
    await seedDemoAccounts(db, 'Demo1234!');
    await db.execute(sql`insert into product_categories (code_categorie, name, label) values ('CAF', 'Café', 'Cafés'), ('BOI', 'Boissons', 'Boissons')`);
    await db.execute(sql`insert into clients (code_client, name) select 'C' || lpad(i::text, 6, '0'), 'Client ' || i from generate_series(1, ${CLIENTS}) i`);
    const app = await buildApp({ config, database: handle, logger: false });
    await app.ready();
    const token = newToken();
    await db.execute(
      sql`insert into sessions (user_id, token_hash, expires_at) select id, ${hashToken(token)}, now() + interval '1 day' from users where email = 'admin@demo.tn'`,
    );
    const auth = { authorization: `Bearer ${token}` };
    mkdirSync(syncDir, { recursive: true });
    chmodSync(syncDir, 0o755);

    const viaApi = (kind: string) => async () => {
      const start = await app.inject({ method: 'GET', url: `/api/${kind}`, headers: auth });
      if (start.statusCode !== 202) throw new Error(`${kind} → ${start.statusCode} ${start.body}`);
      const id = start.json().data.id as number;
      for (;;) {
        const s = (await app.inject({ method: 'GET', url: `/api/sync/runs/${id}`, headers: auth })).json().data;
        if (s.RESULT !== 'running') {
          if (s.RESULT !== 'success') throw new Error(`${kind}: ${s.RESULT} ${s.MESSAGE} ${JSON.stringify(s.REJECTIONS.slice(0, 3))}`);
          return s;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const measure = async (label: string, api: () => Promise<unknown>, bare: () => Promise<unknown>, reset: () => Promise<unknown>) => {
      const times: [number[], number[]] = [[], []];
      for (let i = 0; i < RUNS; i++) {
        for (const [k, fn] of [api, bare].entries()) {
          const t0 = performance.now();
          await fn();
          times[k].push(performance.now() - t0);
          await reset();
        }
      }
      const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      console.log(row(label, mid(times[0]), mid(times[1]), `   médiane de ${RUNS}, objectif ≤ 2`));
    };

    // Products: PRODUCTS new rows each run.
    const productsFile = path.join(syncDir, 'products.csv');
    await writeFile(
      productsFile,
      'REF;LABEL;LABEL_AR;CODE_CATEGORIE;PRICE_HT;PRICE_TTC;QTE;POINTS',
      PRODUCTS,
      (i) => `P-${i};Produit ${i};منتج ${i};${i % 2 ? 'CAF' : 'BOI'};${(i % 90) + 1},250;${(i % 90) + 2},000;${i % 500};${i % 20}`,
    );
    const bareProducts = () =>
      db.transaction(async (tx) => {
        await tx.execute(
          sql`create temp table bench_stage (ref text, label text, label_ar text, code_categorie text, price_ht text, price_ttc text, qte text, points text) on commit drop`,
        );
        await tx.execute(sql.raw(`copy bench_stage from '${productsFile}' with (format csv, header, delimiter ';')`));
        await tx.execute(sql`insert into products (ref, label, label_ar, category_id, price_ht, price_ttc, qte, points)
          select s.ref, s.label, s.label_ar, c.id, replace(s.price_ht, ',', '.')::numeric, replace(s.price_ttc, ',', '.')::numeric, s.qte::int, s.points::int
          from bench_stage s join product_categories c on lower(c.code_categorie) = lower(s.code_categorie)
          on conflict ((lower(ref))) do update set label = excluded.label, label_ar = excluded.label_ar, category_id = excluded.category_id,
            price_ht = excluded.price_ht, price_ttc = excluded.price_ttc, qte = excluded.qte, points = excluded.points, updated_at = now()`);
      });
    const resetProducts = () => db.execute(sql`delete from products where ref like 'P-%'`);
    console.log(`\nPostgreSQL — synchronisation ERP : ${PRODUCTS} produits, puis ${LINES} lignes de factures (${LINES / 5} factures, ${CLIENTS} clients)`);
    await measure(`produits (${PRODUCTS} lignes)`, viaApi('syncProductsFromCSV'), bareProducts, resetProducts);

    // Invoices need the products: the file's REFs are the first 1,000 products.
    await viaApi('syncProductsFromCSV')();
    await db.execute(sql`analyze`);
    const invoicesFile = path.join(syncDir, 'invoices.csv');
    await writeFile(invoicesFile, 'NUM_FACTURE;LIGNE;DATE_FACTURE;CODE_CLIENT;REF;QTE;PRIX_UNITAIRE_TTC', LINES, (i) => {
      const inv = Math.floor(i / 5);
      return `F-${inv};${(i % 5) + 1};2025-${String((inv % 12) + 1).padStart(2, '0')}-15;C${String((inv % CLIENTS) + 1).padStart(6, '0')};P-${(i * 7) % Math.min(PRODUCTS, 1000)};${(i % 9) + 1};${i % 3 ? '' : '5,500'}`;
    });
    const bareInvoices = () =>
      db.transaction(async (tx) => {
        await tx.execute(
          sql`create temp table bench_stage (num_facture text, ligne text, date_facture text, code_client text, ref text, qte text, prix text) on commit drop`,
        );
        await tx.execute(sql.raw(`copy bench_stage from '${invoicesFile}' with (format csv, header, delimiter ';')`));
        // One statement: the invoices upserted on their number, then their lines.
        await tx.execute(sql`with o as (
            insert into orders (num_order, client_id, status, created_at)
            select distinct on (s.num_facture) s.num_facture, c.id, 4, s.date_facture::date::timestamp at time zone 'Africa/Tunis'
            from bench_stage s join clients c on lower(c.code_client) = lower(s.code_client)
            order by s.num_facture
            on conflict (num_order) do update set status = ${sqlCode(ORDER_CODES.INVOICED)}, client_id = excluded.client_id, updated_at = now()
            returning id, num_order)
          insert into order_items (order_id, product_id, qte, unit_price_ttc, unit_points)
          select o.id, p.id, s.qte::int, coalesce(replace(nullif(s.prix, ''), ',', '.')::numeric, p.price_ttc), p.points
          from bench_stage s join o on o.num_order = s.num_facture join products p on lower(p.ref) = lower(s.ref)`);
      });
    const resetInvoices = async () => {
      await db.execute(sql`truncate points_ledger, order_items, orders cascade`);
      await db.execute(sql`update clients set points_fid = 0, points_fid_n = 0, ca_n_1 = 0 where points_fid <> 0 or ca_n_1 <> 0`);
    };
    await measure(`factures (${LINES} lignes)`, viaApi('syncInvoicesFromCSV'), bareInvoices, resetInvoices);
    await app.close();
  } finally {
    await handle.close();
    // pg-boss may still be letting its last connection go.
    await new Promise((r) => setTimeout(r, 1000));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Alone: `tsx bench/sync.ts` with TEST_DATABASE_URL.
if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL est requis (PostgreSQL)');
  await benchSync(url);
}
