import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FONTS } from './pdf';
import { woffToSfnt } from './woff';

/** The sfnt checksum of a table: the sum of its big-endian 32-bit words (zero-padded), modulo 2^32. */
function checksum(data: Buffer): number {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

describe('woffToSfnt', () => {
  for (const [name, file] of Object.entries(FONTS)) {
    it(`unwraps ${name}: every table whole, where its record says, with the checksum the font declares`, () => {
      const woff = readFileSync(file);
      const sfnt = woffToSfnt(woff);
      expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
      const numTables = sfnt.readUInt16BE(4);
      expect(numTables).toBe(woff.readUInt16BE(12));
      // The sfnt's total size is the one the WOFF header announces.
      expect(sfnt.length).toBe(woff.readUInt32BE(16));
      let previous = -1;
      for (let i = 0; i < numTables; i++) {
        const at = 12 + 16 * i;
        const tag = sfnt.readUInt32BE(at);
        expect(tag).toBeGreaterThan(previous);
        previous = tag;
        const [offset, length] = [sfnt.readUInt32BE(at + 8), sfnt.readUInt32BE(at + 12)];
        expect(offset % 4).toBe(0);
        // 'head' holds checksumAdjustment, left out of its own checksum.
        if (sfnt.toString('latin1', at, at + 4) === 'head') continue;
        expect(checksum(sfnt.subarray(offset, offset + length))).toBe(sfnt.readUInt32BE(at + 4));
      }
    });
  }

  it('gives back a file that is not WOFF as it is', () => {
    const other = Buffer.from('\u0000\u0001\u0000\u0000 not a woff font at all, only bytes', 'latin1');
    expect(woffToSfnt(other)).toBe(other);
  });
});
