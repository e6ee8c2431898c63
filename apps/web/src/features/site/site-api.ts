import { type PageKey, pageSections, type Section, type SitePage } from '@app/domain';
import { api, ApiError } from '../../lib/api';

/** Whether a failed call is the page lookup's NOT_FOUND. */
export const isNotFound = (e: unknown) => e instanceof ApiError && e.status === 404;

/**
 * The editor's first visit: a page that answers NOT_FOUND is created, then each of its
 * sections that is missing, at position 0. Answers the page with every section.
 */
export async function ensurePage(key: PageKey, client: Pick<typeof api, 'get' | 'post'> = api): Promise<SitePage> {
  let page: SitePage;
  try {
    page = await client.get<SitePage>(`pages/${key}`, undefined, { silent: true });
  } catch (e) {
    if (!isNotFound(e)) throw e;
    page = await client.post<SitePage>('pages', { key });
  }
  const have = new Set(page.sections.map((s) => s.key));
  const missing = pageSections(key).filter((s) => !have.has(s.key));
  if (!missing.length) return page;
  for (const s of missing) await client.post('sections', { key: s.key, pages_id: page.id, position: 0 });
  return client.get<SitePage>(`pages/${key}`);
}

export const fetchSection = (page: string, key: string) => api.get<Section>(`pages/${page}/sections/${key}`);
export const pageQueryKey = (page: string) => ['site-page', page] as const;
export const sectionQueryKey = (page: string, key: string) => ['site-section', page, key] as const;
