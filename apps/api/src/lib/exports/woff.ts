import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

/**
 * A WOFF 1.0 font file as the plain TrueType/OpenType font it wraps (the sfnt: the same tables,
 * uncompressed). fontkit reads a WOFF font's tables through a pure-JavaScript inflate each time it
 * opens one, so embedding one font's subset at the end of a PDF took 75–130 ms of one event-loop turn
 * per font; unwrapped once with Node's own zlib, the same subset takes a few milliseconds.
 * A file that is not WOFF is given back as it is.
 */
export function woffToSfnt(file: Buffer): Buffer {
  if (file.length < 44 || file.toString('latin1', 0, 4) !== 'wOFF') return file;
  const flavor = file.readUInt32BE(4);
  const numTables = file.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = file.readUInt32BE(at + 4);
    const compLength = file.readUInt32BE(at + 8);
    const origLength = file.readUInt32BE(at + 12);
    const packed = file.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(packed) : packed;
    if (data.length !== origLength) throw new Error(`WOFF table ${i}: ${data.length} bytes, ${origLength} expected`);
    return { tag: file.readUInt32BE(at), checksum: file.readUInt32BE(at + 16), data };
  });
  // The sfnt's offset table: its binary-search fields are derived from the number of tables.
  const maxPow2 = 2 ** Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(maxPow2 * 16, 6);
  header.writeUInt16BE(Math.log2(maxPow2), 8);
  header.writeUInt16BE(numTables * 16 - maxPow2 * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  // Table records sorted by tag, as the sfnt format asks; each table starts on a 4-byte boundary.
  for (const [i, t] of [...tables].sort((a, b) => a.tag - b.tag).entries()) {
    const at = 12 + 16 * i;
    header.writeUInt32BE(t.tag, at);
    header.writeUInt32BE(t.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(t.data.length, at + 12);
    const padded = (t.data.length + 3) & ~3;
    parts.push(t.data, Buffer.alloc(padded - t.data.length));
    offset += padded;
  }
  return Buffer.concat(parts);
}

const unwrapped = new Map<string, Buffer>();

/** A font file ready for pdfkit, unwrapped once per process (woffToSfnt). */
export function fontFileData(path: string): Buffer {
  let data = unwrapped.get(path);
  if (!data) {
    data = woffToSfnt(readFileSync(path));
    unwrapped.set(path, data);
  }
  return data;
}
