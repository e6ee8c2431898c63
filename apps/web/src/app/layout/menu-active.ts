/**
 * Which menu entry the location is on. A path matches itself and what is below it (a client's detail
 * keeps « Clients » lit), the deepest matching path of a group winning. Two entries may open one
 * screen with different queries (« Conversions de bienvenue » is the conversions screen with
 * `?dem=start`): the entry whose query the location has is the lit one, and the entry without a query
 * only when no such sibling matches, so one entry is lit.
 */
export interface MenuTarget {
  readonly path: string;
}

const split = (to: string) => {
  const [path, query = ''] = to.split('?');
  return { path, query: new URLSearchParams(query) };
};

const onPath = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

const hasQuery = (search: URLSearchParams, query: URLSearchParams) => [...query].every(([k, v]) => search.get(k) === v);

export function isEntryActive(entry: MenuTarget, siblings: readonly MenuTarget[], pathname: string, search: string): boolean {
  const own = split(entry.path);
  if (!onPath(pathname, own.path)) return false;
  // The deepest matching path wins: « Liste » (/layout/starter_gifts) is not lit on its conversions.
  const deeper = siblings.some((s) => {
    const p = split(s.path).path;
    return p.length > own.path.length && onPath(pathname, p);
  });
  if (deeper) return false;
  const here = new URLSearchParams(search);
  if ([...own.query].length) return hasQuery(here, own.query);
  return !siblings.some((s) => {
    const other = split(s.path);
    return s !== entry && other.path === own.path && [...other.query].length > 0 && hasQuery(here, other.query);
  });
}

/** Whether a group holds the entry the location is on (its heading is lit). */
export const isGroupActive = (entries: readonly MenuTarget[], pathname: string) => entries.some((e) => onPath(pathname, split(e.path).path));
