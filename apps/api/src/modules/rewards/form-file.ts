import type { FastifyRequest } from 'fastify';

type Parts = FastifyRequest['parts'];
type Part = Awaited<ReturnType<ReturnType<Parts>['next']>>['value'];

const sent = new WeakSet<FastifyRequest>();

/**
 * The generic form-data create (lib/crud/form-body.ts) keeps the file it read to itself; a gift
 * needs to know whether one came (only a `bien` has an image, a starter gift must have one). Placed
 * before the create's own preValidation, this notes a file part as that code counts one: a part
 * with a file name or with bytes. Nothing else changes: the parts go on as they came.
 */
export async function watchFormFile(req: FastifyRequest): Promise<void> {
  if (!req.isMultipart()) return;
  const parts = req.parts.bind(req);
  req.parts = ((options?: Parameters<Parts>[0]) => noteFiles(req, parts(options))) as Parts;
}

async function* noteFiles(req: FastifyRequest, parts: AsyncIterable<Part>) {
  for await (const part of parts) {
    if (part?.type === 'file') {
      const toBuffer = part.toBuffer.bind(part);
      part.toBuffer = async () => {
        const buffer = await toBuffer();
        if (buffer.length > 0 || part.filename) sent.add(req);
        return buffer;
      };
    }
    yield part;
  }
}

/** Whether the form-data body of `req` carried a file (false for a JSON body). */
export const formFileSent = (req: FastifyRequest): boolean => sent.has(req);
