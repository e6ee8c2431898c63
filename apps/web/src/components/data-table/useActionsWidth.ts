import { type RefObject, useEffect } from 'react';

/**
 * Keeps `--dt-actions-w` on the list's root equal to the width of its « Actions » column, which fit.css
 * reads to hold a status column at the right edge just beside the actions. One observer per list,
 * not a measure per cell.
 */
export function useActionsWidth(rootRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = rootRef.current;
    if (!root || typeof ResizeObserver === 'undefined') return;
    let watched: Element | null = null;
    const sizes = new ResizeObserver(() => {
      if (watched) root.style.setProperty('--dt-actions-w', `${(watched as HTMLElement).offsetWidth}px`);
    });
    // The header cell comes and goes with the rows and the role: follow it when the table redraws.
    const watch = () => {
      const th = root.querySelector('thead th.dt-actions-col');
      if (th === watched) return;
      if (watched) sizes.unobserve(watched);
      watched = th;
      if (th) sizes.observe(th);
      else root.style.removeProperty('--dt-actions-w');
    };
    watch();
    const redraws = new MutationObserver(watch);
    redraws.observe(root, { childList: true, subtree: true });
    return () => {
      sizes.disconnect();
      redraws.disconnect();
    };
  }, [rootRef]);
}
