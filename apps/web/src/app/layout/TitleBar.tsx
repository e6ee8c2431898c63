import { MENU } from '@app/domain';
import { useLocation, useMatches } from 'react-router';

/** Joined menu headings of the current location, e.g. "Paramètres / Circuits" (spec 1 §2). */
export function titleFor(pathname: string, search = ''): string[] {
  const entries = MENU.flatMap((g) => g.entries.map((e) => ({ group: g.label, label: e.label, path: e.path.split('?')[0], query: new URLSearchParams(e.path.split('?')[1] ?? '') })));
  const current = new URLSearchParams(search);
  // An entry with a query (`starter_gifts/conversions?dem=start`) wins when the location carries it.
  const withQuery = entries.find((e) => e.path === pathname && e.query.size > 0 && [...e.query].every(([k, v]) => current.get(k) === v));
  const found = withQuery ?? entries.find((e) => e.path === pathname && e.query.size === 0) ?? entries.find((e) => e.path === pathname);
  return found ? [found.group, found.label] : [];
}

/** Screens outside the menu (not found, detail pages) name themselves through the route's `handle.title`. */
function routeTitle(matches: ReturnType<typeof useMatches>): string | undefined {
  const titles = matches.map((m) => (m.handle as { title?: string } | undefined)?.title).filter(Boolean);
  return titles.at(-1);
}

export function TitleBar() {
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const parts = titleFor(pathname.replace(/\/$/, ''), search);
  const title = parts.length ? parts.join(' / ') : routeTitle(matches);
  return <div className="title-bar">{title && <h1>{title}</h1>}</div>;
}
