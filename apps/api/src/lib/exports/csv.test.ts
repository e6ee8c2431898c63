import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvField } from './csv';
import { type ExportCell, exportStream } from './index';

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function* fromArray<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}

function csv(rows: ExportCell[][], headers = ['A', 'B']): Promise<Buffer> {
  return collect(
    exportStream<ExportCell[]>({
      format: 'csv',
      fileName: 'test',
      title: 'Test',
      orientation: 'portrait',
      columns: headers.map((header, i) => ({ header, value: (row) => row[i] })),
      rows: fromArray(rows),
    }),
  );
}

describe('CSV export', () => {
  it('starts with a UTF-8 BOM, separates with ; and ends lines with CRLF', async () => {
    const out = await csv([['Épicerie', 12.5]], ['Catégorie', 'Montant']);
    expect([...out.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(out.subarray(3).toString('utf8')).toBe('Catégorie;Montant\r\nÉpicerie;12,5\r\n');
  });

  it('quotes fields containing ; " or line breaks, doubling quotes', async () => {
    const out = (
      await csv([
        ['a;b', 'dit "bonjour"'],
        ['ligne 1\nligne 2', 'x\r\ny'],
      ])
    ).toString('utf8');
    expect(out).toContain('"a;b";"dit ""bonjour"""\r\n');
    expect(out).toContain('"ligne 1\nligne 2";"x\r\ny"\r\n');
  });

  it('writes empty fields for null and undefined and a decimal comma for numbers', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(-1234.5)).toBe('-1234,5');
    expect(csvField(42)).toBe('42');
  });

  it('neutralises formula injection but leaves plain numbers alone', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+33 6 12 34 56 78')).toBe("'+33 6 12 34 56 78");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('\r=cmd')).toBe('"\'\r=cmd"');
    expect(csvField('=HYPERLINK("http://x";"y")')).toBe('"\'=HYPERLINK(""http://x"";""y"")"');
    expect(csvField('-12,5')).toBe('-12,5');
    expect(csvField('+42')).toBe('+42');
    expect(csvField('-0.5')).toBe('-0.5');
    expect(csvField('a=b')).toBe('a=b');
  });

  it('writes one line per row after the header', async () => {
    const rows = Array.from({ length: 1234 }, (_, i) => [`Ligne ${i}`, i]);
    const text = (await csv(rows)).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines.pop()).toBe(''); // the file ends with CRLF
    expect(lines).toHaveLength(1235);
    expect(lines[1234]).toBe('Ligne 1233;1233');
  });

  it('writes only the header when there is no row', async () => {
    expect((await csv([])).toString('utf8')).toBe('\uFEFFA;B\r\n');
  });
});
