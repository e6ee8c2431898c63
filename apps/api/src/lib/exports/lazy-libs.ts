import { createRequire } from 'node:module';

/**
 * pdfkit and bidi-js, loaded by the first PDF rather than at start: a node that never prints keeps
 * them out of its memory (the embedded server's RSS at rest; about 8 MB together).
 * Loaded with require, which is synchronous, so the PDF writers keep their signatures.
 */
const require = createRequire(import.meta.url);

type PdfKit = typeof import('pdfkit');
let pdfkit: PdfKit | undefined;
/** pdfkit's PDFDocument class. */
export const PDFDocument = (): PdfKit => (pdfkit ??= require('pdfkit') as PdfKit);

interface Bidi {
  getEmbeddingLevels(text: string): { levels: Uint8Array; paragraphs: { start: number; end: number; level: number }[] };
  getReorderSegments(text: string, embeddingLevels: { levels: Uint8Array; paragraphs: { start: number; end: number; level: number }[] }): [number, number][];
}
let bidi: Bidi | undefined;
/** The Unicode bidirectional algorithm (bidi-js), one instance for the process. */
export const bidiAlgorithm = (): Bidi => (bidi ??= (require('bidi-js') as () => Bidi)());
