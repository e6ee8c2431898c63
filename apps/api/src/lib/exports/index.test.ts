import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { contentDisposition, EXPORT_CONTENT_TYPES, type ExportFormat, type ExportSpec, exportStream } from './index';

const FORMATS: ExportFormat[] = ['csv', 'xlsx', 'pdf'];

type Row = { id: number; nom: string; ville: string; montant: number; note: string };

/**
 * A lazy source that counts how far it was pulled and whether it was closed. `noteSize` makes rows
 * heavy enough that keeping them all would blow the memory budget of the 100,000-row tests.
 */
function source(count: number, { failAt = 0, noteSize = 0 } = {}) {
  const state = { pulled: 0, closed: false };
  async function* rows(): AsyncGenerator<Row> {
    try {
      for (let i = 1; i <= count; i++) {
        if (i === failAt) throw new Error('base indisponible');
        state.pulled = i;
        yield {
          id: i,
          nom: `Activité n°${i} – été`,
          ville: i % 3 ? 'Saint-Étienne' : 'Aix-en-Provence',
          montant: i * 12.5,
          // A flat string of its own per row ('x'.repeat shares memory between rows).
          note: `Remarque ${i % 97} : « très bien » ${Buffer.alloc(noteSize, 0x61 + (i % 26)).toString('latin1')}`,
        };
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, rows: rows() };
}

function spec(format: ExportFormat, rows: AsyncIterable<Row>): ExportSpec<Row> {
  return {
    format,
    fileName: 'activites',
    title: 'Activités',
    orientation: 'landscape',
    columns: [
      { header: 'N°', value: (r) => r.id, width: 0.5 },
      { header: 'Nom', value: (r) => r.nom, width: 2 },
      { header: 'Ville', value: (r) => r.ville },
      { header: 'Montant', value: (r) => r.montant },
      { header: 'Remarque', value: (r) => r.note, width: 2 },
    ],
    rows,
  };
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('contentDisposition', () => {
  it('gives a plain ASCII filename and the exact UTF-8 name', () => {
    expect(contentDisposition('activites', 'csv')).toBe(`attachment; filename="activites.csv"; filename*=UTF-8''activites.csv`);
    expect(contentDisposition('activités été', 'xlsx')).toBe(`attachment; filename="activites ete.xlsx"; filename*=UTF-8''activit%C3%A9s%20%C3%A9t%C3%A9.xlsx`);
  });

  it('cannot be used to break out of the header or the download folder', () => {
    const value = contentDisposition('a"b;c\r\n/../d\\e (1)*', 'pdf');
    expect(value).toBe(`attachment; filename="a_b_c___.._d_e (1)*.pdf"; filename*=UTF-8''a%22b%3Bc___.._d_e%20%281%29%2A.pdf`);
    expect(value).not.toMatch(/[\r\n]/);
    expect(contentDisposition('日本', 'csv')).toBe(`attachment; filename="__.csv"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.csv`);
  });
});

describe('exportStream', () => {
  it('declares a content type per format and produces the matching file', async () => {
    expect(EXPORT_CONTENT_TYPES).toEqual({
      csv: 'text/csv; charset=utf-8',
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      pdf: 'application/pdf',
    });
    const starts = { csv: '\uFEFFN°;Nom', xlsx: 'PK', pdf: '%PDF-1.' };
    for (const format of FORMATS) {
      const out = await collect(exportStream(spec(format, source(3).rows)));
      expect(out.toString(format === 'csv' ? 'utf8' : 'latin1').startsWith(starts[format])).toBe(true);
    }
  });

  it.each(FORMATS)('%s: a failing source destroys the stream with its error', async (format) => {
    await expect(collect(exportStream(spec(format, source(1000, { failAt: 500 }).rows)))).rejects.toThrow('base indisponible');
  });

  it.each(FORMATS)('%s: pulls rows only as the consumer reads, and closes them when it leaves', async (format) => {
    const { state, rows } = source(100_000);
    const stream = exportStream(spec(format, rows));
    const reader = stream[Symbol.asyncIterator]();
    await reader.next();
    await sleep(200);
    // Nobody reads: only what fills the stream buffers was pulled (XLSX compresses, so it holds more).
    expect(state.pulled).toBeLessThan(30_000);
    stream.destroy(); // the client went away
    await sleep(50);
    expect(state.closed).toBe(true); // a database cursor behind `rows` would be released
    expect(state.pulled).toBeLessThan(30_000);
  });

  /**
   * 250 MB of rows pass through each writer, which may hold far less. CSV takes 100,000 rows of 2.5 KB;
   * PDF and XLSX, whose cost is per row (each cell laid out, or compressed), take 20,000 rows of 12.5 KB:
   * the same bytes, the same proof, a fifth of the time (the 100,000-row PDF is measured in the bench).
   */
  it.each([
    ['csv', 100_000],
    ['pdf', 20_000],
    ['xlsx', 20_000],
  ] as const)(
    '%s: exports %i rows, 250 MB in all, without holding them in memory',
    async (format, count) => {
      const { state, rows } = source(count, { noteSize: 250_000_000 / count });
      const before = process.memoryUsage().heapUsed;
      let peak = before;
      let bytes = 0;
      let tail = Buffer.alloc(0);
      for await (const chunk of exportStream(spec(format, rows))) {
        bytes += chunk.length;
        tail = Buffer.from(chunk);
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
      expect(state.pulled).toBe(count);
      expect(bytes).toBeGreaterThan(1_000_000);
      if (format === 'pdf') expect(tail.toString('latin1').endsWith('%%EOF\n')).toBe(true);
      // Generous, yet the 250 MB of rows would take more than this if they were all kept.
      expect(peak - before).toBeLessThan(200 * 1024 * 1024);
    },
    // PDF is the slow one (each cell is laid out by fontkit); a loaded CI machine needs the room.
    240_000,
  );
});
