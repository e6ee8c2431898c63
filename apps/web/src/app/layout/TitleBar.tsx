import { MENU } from '@app/domain';
import { useLocation, useMatches } from 'react-router';

/** Joined menu headings of the current location, e.g. "Paramètres / Circuits". */
export function titleFor(pathname: string, search = ''): string[] {
  const current = new URLSearchParams(search);
  const entries = MENU.flatMap((g) =>
    g.entries.map((e) => ({ group: g.label, label: e.label, path: e.path.split('?')[0], query: [...new URLSearchParams(e.path.split('?')[1])] })),
  ).filter((e) => e.path === pathname);
  // An entry with a query (`starter_gifts/conversions?dem=start`) wins when the location carries it.
  const found =
    entries.find((e) => e.query.length > 0 && e.query.every(([k, v]) => current.get(k) === v)) ?? entries.find((e) => !e.query.length) ?? entries[0];
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
