import { createHash } from 'node:crypto';
import { pipeline, type Readable, Transform } from 'node:stream';
import { parse } from 'csv-parse';

export type Encoding = 'utf-8' | 'windows-1252';

/**
 * Opens the file's bytes as a stream, once per pass (the file is read twice: inspected, then
 * parsed). From the store (lib/storage): a file on disk or an object of the bucket alike.
 */
export type OpenFile = () => Promise<Readable>;

/**
 * One pass over the file before it is parsed: its sha256 (the history's checksum), its size, and
 * whether it is valid UTF-8. A file that is not is read as Windows-1252, what the ERP's Windows
 * exports use (every byte is a character there, so that reading never fails).
 */
export async function inspectFile(open: OpenFile): Promise<{ sha256: string; size: number; encoding: Encoding; firstLine: string }> {
  const hash = createHash('sha256');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let valid = true;
  let head = Buffer.alloc(0);
  let size = 0;
  for await (const chunk of (await open()) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
    if (head.length < 64 * 1024) head = Buffer.concat([head, chunk.subarray(0, 64 * 1024)]);
    if (valid) {
      try {
        utf8.decode(chunk, { stream: true });
      } catch {
        valid = false;
      }
    }
  }
  if (valid) {
    try {
      utf8.decode();
    } catch {
      valid = false;
    }
  }
  const encoding: Encoding = valid ? 'utf-8' : 'windows-1252';
  const text = new TextDecoder(encoding).decode(head);
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return { sha256: hash.digest('hex'), size, encoding, firstLine };
}

/** `;` or `,`: whichever the header line holds more of, outside quotes (`;` on a tie, the French Excel default). */
export function detectDelimiter(headerLine: string): ';' | ',' {
  let semi = 0;
  let comma = 0;
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ';') semi++;
    else if (!quoted && ch === ',') comma++;
  }
  return comma > semi ? ',' : ';';
}

/** Bytes → text in the chosen encoding, a chunk at a time (a character cut between chunks is kept for the next). */
function decoder(encoding: Encoding, onBytes: (n: number) => void) {
  const dec = new TextDecoder(encoding);
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _enc, done) {
      onBytes(chunk.length);
      done(null, dec.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, dec.decode());
    },
  });
}

export interface CsvRecord {
  /** Line of the file where the record starts (1 = the header). */
  line: number;
  cells: string[];
}

/**
 * The records of a CSV file, streamed: never the whole file in memory. The BOM is dropped by the
 * decoder (TextDecoder strips a leading one), blank lines are skipped, quoted fields may hold the
 * delimiter and line breaks. Line numbers are counted here (csv-parse's `info` would double the
 * parse time): each record ends one line after the previous, plus the breaks inside its fields.
 */
export async function* readCsv(open: OpenFile, encoding: Encoding, delimiter: string, onBytes: (n: number) => void): AsyncGenerator<CsvRecord> {
  // pipeline: an error of the file or the decoder reaches the parser, hence the loop below.
  const parser = pipeline(
    await open(),
    decoder(encoding, onBytes),
    parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: false, trim: false }),
    () => {},
  );
  let line = 0;
  for await (const cells of parser as AsyncIterable<string[]>) {
    line += 1;
    const start = line;
    for (const c of cells) if (c.includes('\n')) line += c.split('\n').length - 1;
    if (cells.length === 1 && cells[0].trim() === '') continue;
    yield { line: start, cells };
  }
}
