import { crc32, deflateSync } from 'node:zlib';

/**
 * A small solid-colour PNG with a lighter inner square, for the upload steps of the browser tests.
 * The e2e's own encoder: the web app never imports apps/api (Biome's noRestrictedImports).
 */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const lighter = (c: number) => Math.min(255, c + 80);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const line = Buffer.alloc(1 + width * 3); // filter byte 0, then RGB
    for (let x = 0; x < width; x++) {
      const inner = x > width / 4 && x < (3 * width) / 4 && y > height / 4 && y < (3 * height) / 4;
      line.set(inner ? [lighter(r), lighter(g), lighter(b)] : [r, g, b], 1 + x * 3);
    }
    rows.push(line);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + body.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 4 + body.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2], 8); // 8-bit truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
