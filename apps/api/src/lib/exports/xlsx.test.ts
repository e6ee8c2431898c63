import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type ExportSpec, exportStream } from './index';
import { sheetName } from './xlsx';

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

type Activity = { nom: string; categorie: string; montant: number | null };

async function* activities(count: number): AsyncGenerator<Activity> {
  for (let i = 1; i <= count; i++) {
    yield { nom: `Activité n°${i}`, categorie: i % 2 ? 'Épicerie « fine »' : '=cmd|1', montant: i % 5 ? i * 1.5 : null };
  }
}

function spec(count: number, title = 'Activités'): ExportSpec<Activity> {
  return {
    format: 'xlsx',
    fileName: 'activites',
    title,
    orientation: 'landscape',
    columns: [
      { header: 'Nom', value: (r) => r.nom, width: 2 },
      { header: 'Catégorie', value: (r) => r.categorie },
      { header: 'Montant (€)', value: (r) => r.montant },
    ],
    rows: activities(count),
  };
}

async function load(buffer: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  // ExcelJS's typings predate the generic Buffer of @types/node 20.
  await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0];
}

describe('XLSX export', () => {
  it('reads back as a bold header and one row per item, accents preserved', async () => {
    const sheet = await load(await collect(exportStream(spec(250))));
    expect(sheet.name).toBe('Activités');
    expect(sheet.rowCount).toBe(251);
    const header = sheet.getRow(1);
    expect(header.values).toEqual([undefined, 'Nom', 'Catégorie', 'Montant (€)']);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Activité n°1', 'Épicerie « fine »', 1.5]);
    expect(sheet.getRow(251).getCell(1).value).toBe('Activité n°250');
  });

  it('keeps numbers numeric, leaves null cells empty and never turns text into formulas', async () => {
    const sheet = await load(await collect(exportStream(spec(5))));
    expect(sheet.getRow(3).getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(3).getCell(2).value).toBe('=cmd|1');
    expect(sheet.getRow(2).getCell(3).type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getRow(6).getCell(3).value).toBeNull();
  });

  it('sizes columns from their relative weight', async () => {
    const sheet = await load(await collect(exportStream(spec(1))));
    const [nom, categorie] = [sheet.getColumn(1).width ?? 0, sheet.getColumn(2).width ?? 0];
    expect(nom).toBeGreaterThan(categorie);
    expect(categorie).toBeGreaterThanOrEqual('Catégorie'.length);
  });

  it('writes just the header when there is no row', async () => {
    const sheet = await load(await collect(exportStream(spec(0))));
    expect(sheet.rowCount).toBe(1);
  });

  it('sanitizes the sheet name', async () => {
    expect(sheetName('Activités : 2025/2026 [bilan] * très long titre')).toBe('Activités 2025 2026 bilan très');
    expect(sheetName('Activités : 2025/2026 [bilan] * très long titre').length).toBeLessThanOrEqual(31);
    expect(sheetName("'Bilan'")).toBe('Bilan');
    expect(sheetName(' ?*/ ')).toBe('Export');
    expect(sheetName('History')).toBe('History_');
    const sheet = await load(await collect(exportStream(spec(1, 'Inscriptions ? / trimestre [T1]'))));
    expect(sheet.name).toBe('Inscriptions trimestre T1');
  });
});
