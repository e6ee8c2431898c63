import type { Db } from '../../db/client';
import { PDFDocument } from '../../lib/exports/lazy-libs';
import { solidPng } from '../../lib/png';
import { saveMedia } from '../../lib/media/media.service';
import type { ObjectStore } from '../../lib/storage';
import { appSettings, siteConfigs } from './settings.table';

/** A one-page PDF with a title and a few lines (the demo's terms and catalogue documents). */
function samplePdf(title: string, lines: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new (PDFDocument())({ size: 'A4', margin: 56, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text(title).moveDown();
    doc.fontSize(11);
    for (const l of lines) doc.text(l).moveDown(0.5);
    doc.end();
  });
}

/**
 * Demo banner, pop-up images, configuration entries and company details: what the
 * public website shows and what the exit slips print.
 */
export async function seedSiteSettings(db: Db, uploads?: ObjectStore) {
  await db.insert(appSettings).values({
    id: 1,
    name: 'Programme Fidélité SA',
    taxId: '1234567/A/M/000',
    address: 'Immeuble Le Lac, Rue du Lac Windermere, Les Berges du Lac, 1053 Tunis',
    phone: '+21671960000',
    email: 'contact@fidelite.tn',
  });
  const entries = await db
    .insert(siteConfigs)
    .values([
      {
        key: 'CGU_PDF',
        name: 'Conditions générales',
        description: "Conditions générales d'utilisation et de vente du programme, proposées au téléchargement sur le site et dans l'application.",
      },
      { key: 'CATALOGUE_PDF', name: 'Catalogue des cadeaux', description: 'Le catalogue des cadeaux de la saison, avec les points demandés pour chacun.' },
      { key: 'APP_STORE', name: 'Application iOS', description: 'https://apps.apple.com/tn/app/programme-fidelite/id6450000000' },
      { key: 'PLAY_STORE', name: 'Application Android', description: 'https://play.google.com/store/apps/details?id=tn.fidelite.app' },
    ])
    .returning();
  if (!uploads) return;
  await saveMedia(db, uploads, {
    entity: 'banner',
    entityId: 1,
    collection: 'image',
    family: 'image',
    fileName: 'banniere-printemps.png',
    buffer: solidPng(1200, 300, [30, 94, 160]),
    replace: true,
  });
  const popups: [string, [number, number, number]][] = [
    ['pop-up-double-points.png', [200, 90, 30]],
    ['pop-up-nouveaux-cadeaux.png', [40, 130, 90]],
  ];
  for (const [name, rgb] of popups)
    await saveMedia(db, uploads, { entity: 'popup', entityId: 1, collection: 'image', family: 'image', fileName: name, buffer: solidPng(600, 600, rgb) });
  const files: Record<string, { name: string; buffer: Buffer }> = {
    CGU_PDF: {
      name: 'conditions-generales.pdf',
      buffer: await samplePdf('Conditions générales', ['1. Objet du programme', '2. Adhésion', '3. Points de fidélité', '4. Cadeaux et vouchers']),
    },
    CATALOGUE_PDF: {
      name: 'catalogue-cadeaux.pdf',
      buffer: await samplePdf('Catalogue des cadeaux', ['Mug isotherme — 150 points', 'Tablier brodé — 80 points', 'Sac isotherme — 300 points']),
    },
    APP_STORE: { name: 'badge-app-store.png', buffer: solidPng(240, 80, [0, 0, 0]) },
    PLAY_STORE: { name: 'badge-google-play.png', buffer: solidPng(240, 80, [20, 20, 20]) },
  };
  for (const e of entries) {
    const f = files[e.key];
    await saveMedia(db, uploads, {
      entity: 'configs',
      entityId: e.id,
      collection: 'file',
      family: 'imageOrPdf',
      fileName: f.name,
      buffer: f.buffer,
      replace: true,
    });
  }
}
