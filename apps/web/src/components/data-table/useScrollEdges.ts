import { type RefObject, useEffect } from 'react';

/**
 * Marks the list's root with `data-hidden-start` / `data-hidden-end` while columns lie scrolled under
 * its held edges, so fit.css gives those edges a shadow: a column cut by the status and actions at
 * rest then reads as "more to the right", not as a column squeezed against them. One scroll listener
 * and one size observer per list.
 */
export function useScrollEdges(rootRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = rootRef.current;
    if (!root || typeof ResizeObserver === 'undefined') return;
    let wrapper: HTMLElement | null = null;
    let frame = 0;
    // At most one measure per frame, however many scroll events and redraws come in it.
    const mark = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const measure = () => {
      frame = 0;
      const w = wrapper;
      const hiddenStart = !!w && w.scrollLeft > 1;
      const hiddenEnd = !!w && w.scrollWidth - w.clientWidth - w.scrollLeft > 1;
      root.toggleAttribute('data-hidden-start', hiddenStart);
      root.toggleAttribute('data-hidden-end', hiddenEnd);
    };
    const sizes = new ResizeObserver(mark);
    // The wrapper stays while rows change, but its table grows and shrinks with them: watch both.
    const watch = () => {
      const next = root.querySelector<HTMLElement>('.p-datatable-wrapper');
      if (next !== wrapper) {
        wrapper?.removeEventListener('scroll', mark);
        sizes.disconnect();
        wrapper = next;
        if (wrapper) {
          wrapper.addEventListener('scroll', mark, { passive: true });
          sizes.observe(wrapper);
          const table = wrapper.querySelector('table');
          if (table) sizes.observe(table);
        }
      }
      mark();
    };
    watch();
    const redraws = new MutationObserver(watch);
    redraws.observe(root, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      wrapper?.removeEventListener('scroll', mark);
      sizes.disconnect();
      redraws.disconnect();
    };
  }, [rootRef]);
}
