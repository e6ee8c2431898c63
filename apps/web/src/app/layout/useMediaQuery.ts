import { useSyncExternalStore } from 'react';

/** True while the media query matches; follows window resizes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Mobile breakpoint 767px. */
export const MOBILE_QUERY = '(max-width: 767px)';
