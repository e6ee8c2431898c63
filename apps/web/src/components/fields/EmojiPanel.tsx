import { useEffect, useRef } from 'react';

/**
 * The emoji picker of emoji-mart (its web component, in French), loaded with its data only when a
 * user first opens it: together they weigh more than the rest of a screen.
 */
export default function EmojiPanel({ onPick }: { onPick: (emoji: string) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    let picker: HTMLElement | null = null;
    let cancelled = false;
    void Promise.all([import('emoji-mart'), import('@emoji-mart/data'), import('@emoji-mart/data/i18n/fr.json')]).then(([mart, data, fr]) => {
      if (cancelled || !host.current) return;
      picker = new mart.Picker({
        data: data.default,
        i18n: fr.default,
        locale: 'fr',
        theme: 'light',
        previewPosition: 'none',
        skinTonePosition: 'search',
        onEmojiSelect: (e: { native: string }) => pick.current(e.native),
      }) as unknown as HTMLElement;
      host.current.appendChild(picker);
    });
    return () => {
      cancelled = true;
      picker?.remove();
    };
  }, []);
  return <div ref={host} className="fld-emoji-panel" />;
}
