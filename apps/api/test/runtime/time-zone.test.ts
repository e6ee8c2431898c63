import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Dates in files are Tunis dates whatever the server's zone: the same exports, made by
 * servers whose TZ is UTC and Asia/Tokyo, print the Tunis time of the instant. Node reads TZ when it
 * starts, so each zone runs the app in a process of its own (fixtures/exports-in-zone.ts).
 */
const AT = '2025-03-10T23:30:00.000Z'; // 11/03/2025 à 00:30 in Tunis; 10/03 23:30 in UTC, 11/03 08:30 in Tokyo
const TUNIS = '11/03/2025 à 00:30';

function exportsIn(tz: string) {
  const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../fixtures/exports-in-zone.ts'), AT], {
    env: { ...process.env, TZ: tz },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as { zoneOffset: number; orders: string; vouchers: string; flux: string; ordersPdf: string };
}

function pdfText(base64: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-tz-'));
  try {
    const file = path.join(dir, 'orders.pdf');
    writeFileSync(file, Buffer.from(base64, 'base64'));
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('exports write Tunis dates whatever the server zone', () => {
  it.each([
    ['UTC', 0],
    ['Asia/Tokyo', -540],
  ])('on a server in %s', { timeout: 150_000 }, (tz, offset) => {
    const files = exportsIn(tz);
    expect(files.zoneOffset).toBe(offset); // the child did run in that zone
    const line = (csv: string, key: string) => csv.split(/\r?\n/).find((l) => l.includes(key)) ?? '';
    expect(line(files.orders, 'CMD-TZ-1')).toContain(TUNIS);
    // A client voucher's creation and consumption dates.
    expect(line(files.vouchers, 'VCH-TZ-1').split(TUNIS).length - 1).toBe(2);
    expect(line(files.flux, 'Message du fuseau')).toContain(TUNIS);
    // The whole date and time: the PDF's date column is wide enough for « DD/MM/YYYY à HH:mm ».
    expect(pdfText(files.ordersPdf)).toContain(TUNIS);
  });
});
