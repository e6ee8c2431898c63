import { type RefObject, useEffect, useRef, useState } from 'react';
import { isAnsweringList, shortcutFor } from './shortcuts';

/**
 * Binds the list shortcuts to the document for the list mounted at `root`: `/` focuses its search
 * box, `n` calls `onAdd` (absent: the key does nothing), `?` opens the help. Returns the help's state.
 */
export function useListShortcuts(root: RefObject<HTMLElement | null>, onAdd: (() => void) | undefined) {
  const [helpOpen, setHelpOpen] = useState(false);
  const addRef = useRef(onAdd);
  addRef.current = onAdd;

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const el = root.current;
      if (!el) return;
      const action = shortcutFor(e, document);
      if (!action || !isAnsweringList(el, document)) return;
      if (action === 'search') {
        const box = el.querySelector<HTMLInputElement>('.dt-search input');
        if (!box) return;
        e.preventDefault();
        box.focus();
        box.select();
      } else if (action === 'add') {
        if (!addRef.current) return;
        e.preventDefault();
        addRef.current();
      } else {
        e.preventDefault();
        setHelpOpen(true);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [root]);

  return { helpOpen, closeHelp: () => setHelpOpen(false) };
}
