import { MENU } from '@app/domain';
import { useLocation, useMatches } from 'react-router';

/** Joined menu headings of the current location, e.g. "Paramètres / Circuits" (spec 1 §2). */
export function titleFor(pathname: string): string[] {
  for (const g of MENU) {
    const entry = g.entries.find((e) => e.path.split('?')[0] === pathname);
    if (entry) return [g.label, entry.label];
  }
  return [];
}

/** Screens outside the menu (not found, detail pages) name themselves through the route's `handle.title`. */
function routeTitle(matches: ReturnType<typeof useMatches>): string | undefined {
  const titles = matches.map((m) => (m.handle as { title?: string } | undefined)?.title).filter(Boolean);
  return titles.at(-1);
}

export function TitleBar() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const parts = titleFor(pathname.replace(/\/$/, ''));
  const title = parts.length ? parts.join(' / ') : routeTitle(matches);
  return <div className="title-bar">{title && <h1>{title}</h1>}</div>;
}
