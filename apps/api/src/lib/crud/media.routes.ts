import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../auth/current-user';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit, auditEntity } from '../audit/audit.repository';
import { deleteMedia, saveMedia, saveMediaFiles } from '../media/media.service';
import { AppError, notFound, ok } from '../http';
import { readUpload, readUploads } from '../multipart';
import { ownedByConfig } from './ownership';
import type { ResourceDef } from './resource';

import { idParams, pathId } from './schemas';

/**
 * Media of a resource: POST {entity}/{id}/{name}, DELETE {entity}/{id}/media/{mediaId},
 * and the short form POST {entity}/media/{id} (typeclients/media/{id}) for the first media name.
 * Single-file fields: a new upload replaces the old file, which is removed from the store.
 */
export function registerResourceMedia<Dto extends { id: number }>(
  fastify: FastifyInstance,
  def: ResourceDef<Dto>,
  findOne: (id: number, user: CurrentUser | null) => Promise<Dto | null>,
  reply: z.ZodType,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const names = def.media!.names;
  const entity = auditEntity(def.path);
  const firstName = Object.keys(names)[0];
  const config = { action: def.actions.write, ...ownedByConfig(def.scope) };
  const tags = [def.tag];
  const response = { 200: reply };
  const several = def.media!.severalOn;
  // The rule of a name that holds several files on some records, in the docs of its upload routes.
  const description = several?.rule;

  const upload = async (req: FastifyRequest, id: number, name: string) => {
    const family = Object.hasOwn(names, name) ? names[name] : undefined;
    if (!family) throw new AppError(404, 'Champ de fichier inconnu');
    if (!(await findOne(id, req.user))) throw notFound();
    const severalOn = name === firstName ? several : undefined;
    if (severalOn) {
      const many = await severalOn.on(app.db, id);
      const files = await readUploads(req, { several: many, oneOnly: severalOn.oneOnly, tooMany: severalOn.tooMany });
      // Where the record holds one file, the new one replaces it.
      const saved = await saveMediaFiles(app.db, app.storage.media, { entity: def.path, entityId: id, collection: name, family, replace: !many }, files);
      await audit(app.db, req.user, 'media', entity, id, { [name]: saved.length === 1 ? saved[0].file_name : saved.map((m) => m.file_name) });
      return ok(await findOne(id, req.user));
    }
    const file = await readUpload(req);
    const saved = await saveMedia(app.db, app.storage.media, {
      entity: def.path,
      entityId: id,
      collection: name,
      family,
      fileName: file.fileName,
      buffer: file.buffer,
      // A multiple name gains a file; any other name's file is replaced.
      replace: !(def.media!.multiple && name === firstName),
    });
    await audit(app.db, req.user, 'media', entity, id, { [name]: saved.file_name });
    return ok(await findOne(id, req.user));
  };

  app.post(
    `/${def.path}/media/:id`,
    {
      config,
      schema: {
        tags,
        summary: `Téléverser le fichier « ${firstName} » (multipart, champ file)`,
        description,
        params: idParams,
        consumes: ['multipart/form-data'],
        response,
      },
    },
    (req) => upload(req, req.params.id, firstName),
  );
  app.post(
    `/${def.path}/:id/:name`,
    {
      config,
      schema: {
        tags,
        summary: `Téléverser un fichier (multipart, champ file ; noms : ${Object.keys(names).join(', ')} ; ou …/media?name=)`,
        description,
        params: idParams.extend({ name: z.string().max(60) }),
        querystring: z.object({ name: z.string().max(60).optional() }),
        consumes: ['multipart/form-data'],
        response,
      },
    },
    // The older product's calls also write it POST {entity}/{id}/media?name=image.
    (req) => upload(req, req.params.id, req.params.name === 'media' && req.query.name ? req.query.name : req.params.name),
  );
  app.delete(
    `/${def.path}/:id/media/:mediaId`,
    {
      config,
      schema: {
        tags,
        summary: 'Supprimer un fichier (son id, pris dans MEDIA ou la liste des fichiers)',
        params: idParams.extend({ mediaId: pathId() }),
        response,
      },
    },
    async (req) => {
      if (!(await findOne(req.params.id, req.user))) throw notFound();
      const removed = await deleteMedia(app.db, app.storage.media, { entity: def.path, entityId: req.params.id, mediaId: req.params.mediaId });
      if (!removed) throw notFound();
      await audit(app.db, req.user, 'media', entity, req.params.id, { removed: req.params.mediaId });
      return ok(await findOne(req.params.id, req.user));
    },
  );
}
