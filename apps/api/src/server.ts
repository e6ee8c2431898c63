import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { assertServerConfig, ConfigError, demoExposedMessage, isLoopback, loadConfig, loadEnvFile } from './config';
import { openDatabase } from './db/client';
import { demoAdminOpen, ensureAdmin } from './db/seed-accounts';
import { createStorage } from './lib/storage';
import { seedDemoIfEmpty } from './modules';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    loadEnvFile();
    config = loadConfig(process.env, { webDist: path.resolve(here, '../../web/dist') });
    assertServerConfig(config);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }

  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, poolMax: config.DATABASE_POOL_MAX });
  await database.migrate();
  const stop = async (line: string): Promise<never> => {
    console.error(line);
    await database.close();
    process.exit(1);
  };
  // A database that holds the demo accounts from an earlier start (or a seed script) and still answers
  // to DEMO_PASSWORD is as open as a new demo: the same rule as assertServerConfig, checked on the data.
  if (!config.DEMO_PUBLIC && !isLoopback(config.HOST) && (await demoAdminOpen(database.db, config.DEMO_PASSWORD))) await stop(demoExposedMessage(config.HOST));
  const storage = await createStorage(config.storage);

  let signInHint: string;
  if (config.DEMO_DATA) {
    const seeded = await seedDemoIfEmpty(database.db, config.DEMO_PASSWORD, storage.media);
    // Creating the database and its demo data grew the embedded database's memory for good (about
    // 75 MB at rest): a new thread on the folder starts without it. On a later start, nothing to give back.
    if (seeded) await database.releaseStartupMemory();
    signInHint = `${seeded ? 'Base embarquée créée avec les données de démonstration. ' : ''}Comptes de démonstration : admin@demo.tn, chef@demo.tn, magasin@demo.tn, commercial@demo.tn — mot de passe : ${config.DEMO_PASSWORD === 'Demo1234!' ? 'Demo1234!' : 'la valeur de DEMO_PASSWORD'}`;
  } else {
    // PostgreSQL, or the embedded database without demo data (DEMO_DATA=false, the image's default).
    const admin = await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    if (admin === 'missing') {
      const where = config.DATABASE_URL ? 'sur DATABASE_URL' : 'de la base embarquée sans données de démonstration (DEMO_DATA=false)';
      await stop(`Configuration invalide : ADMIN_EMAIL et ADMIN_PASSWORD sont requis au premier démarrage ${where} (aucun administrateur).`);
    }
    signInHint = admin === 'created' ? `Administrateur créé : ${config.ADMIN_EMAIL}` : 'Connectez-vous avec un compte administrateur existant.';
  }

  const app = await buildApp({ config, database, storage });
  // Workers, the housekeeping schedule, and the jobs left by a node that died (lib/jobs/engine.ts).
  await app.jobs.start();
  // The webhook deliveries, shared with the other nodes through the database (lib/webhooks/dispatcher.ts).
  app.webhooks.start();
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // The address to open in a browser: this machine's for loopback and every-interface addresses.
  const shown =
    isLoopback(config.HOST) || ['0.0.0.0', '::', '[::]'].includes(config.HOST) ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  console.log(`\nBack-office prêt sur http://${shown}:${port}  (API : /api, documentation : /api/docs)\n${signInHint}\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'arrêt en cours');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
