import { isViewListKey, screenAt } from '@app/domain';
import { useLocation } from 'react-router';

/** The list's key for its saved views: `<screen>:<path>[#prefix]`; null off the screen registry. */
export function useListKey(path: string, prefix: string): string | null {
  const { pathname } = useLocation();
  const screen = screenAt(pathname);
  if (!screen) return null;
  const key = `${screen.key}:${path}${prefix ? `#${prefix}` : ''}`;
  return isViewListKey(key) ? key : null;
}
