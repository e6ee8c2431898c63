import { listQuery, SERVICE_TYPES } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { compileResource } from '../../lib/crud/compile';
import { withMedia } from '../../lib/crud/crud.routes';
import { orderFor, searchWhere } from '../../lib/crud/list-query';
import { paged, unpaged } from '../../lib/http';
import { listReply } from '../../lib/replies';
import { websiteServicesResource } from './services.resource';
import { websiteServices } from './showcase.table';

/**
 * GET service/{type}: the list of one type, paged, searched and sorted as the generic
 * list (GET service?type=… is the same list). One static path per type, so that GET service/{id}
 * keeps answering one service.
 */
export async function serviceTypeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const r = compileResource(websiteServicesResource);
  const def = websiteServicesResource;
  for (const type of SERVICE_TYPES) {
    app.get(
      `/service/${type}`,
      {
        config: { action: def.actions.read },
        schema: { tags: [def.tag], summary: `Services du type ${type}`, querystring: listQuery, response: { 200: listReply(r.dto) } },
      },
      async (req) => {
        const { page, perPage = def.defaultPerPage, search, tags, sort, order } = req.query;
        const where = and(eq(websiteServices.type, type), await searchWhere(app.db, r.searchTargets, search, tags));
        const orderBy = orderFor(r.sortable, def.defaultSort, def.idColumn, sort, order);
        const toDtos = async (rows: Record<string, unknown>[]) => (await withMedia(app.db, r, rows.map(r.toDto))) as unknown as Record<string, unknown>[];
        if (!page)
          return unpaged(
            (limit) =>
              r
                .select(app.db)
                .rows.where(where)
                .orderBy(...orderBy)
                .limit(limit),
            async () => Number((await r.select(app.db).count.where(where))[0].n),
            toDtos,
          );
        const [rows, [{ n }]] = await Promise.all([
          r
            .select(app.db)
            .rows.where(where)
            .orderBy(...orderBy)
            .limit(perPage)
            .offset((page - 1) * perPage),
          r.select(app.db).count.where(where),
        ]);
        return paged(await toDtos(rows), Number(n), page, perPage);
      },
    );
  }
}
