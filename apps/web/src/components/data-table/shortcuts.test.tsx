import { act, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shortcutFor, shortcutHelp } from './shortcuts';
import { useListShortcuts } from './useListShortcuts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const key = (k: string, init: KeyboardEventInit = {}, target: EventTarget = document.body) => {
  const e = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init });
  Object.defineProperty(e, 'target', { value: target });
  return e;
};

describe('shortcutFor', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('maps / n ? on the page to search, add, help', () => {
    expect(shortcutFor(key('/'), document)).toBe('search');
    expect(shortcutFor(key('n'), document)).toBe('add');
    expect(shortcutFor(key('N', { shiftKey: true }), document)).toBe('add');
    expect(shortcutFor(key('?', { shiftKey: true }), document)).toBe('help');
    expect(shortcutFor(key('a'), document)).toBeNull();
    expect(shortcutFor(key('Enter'), document)).toBeNull();
  });

  it('leaves browser shortcuts (Ctrl, Cmd, Alt) alone', () => {
    expect(shortcutFor(key('n', { ctrlKey: true }), document)).toBeNull();
    expect(shortcutFor(key('/', { metaKey: true }), document)).toBeNull();
    expect(shortcutFor(key('n', { altKey: true }), document)).toBeNull();
  });

  it('does nothing while typing in a field, a text area, an editor or a select', () => {
    document.body.innerHTML = `<input id="i"><textarea id="t"></textarea><div contenteditable="true"><p id="p">x</p></div><div role="combobox" id="c"></div><select id="s"></select>`;
    for (const id of ['i', 't', 'p', 'c', 's']) {
      const el = document.getElementById(id)!;
      expect(shortcutFor(key('n', {}, el), document), id).toBeNull();
      expect(shortcutFor(key('/', {}, el), document), id).toBeNull();
      expect(shortcutFor(key('?', {}, el), document), id).toBeNull();
    }
    // A button is not a field: the keys work there.
    document.body.innerHTML = '<button id="b">OK</button>';
    expect(shortcutFor(key('n', {}, document.getElementById('b')!), document)).toBe('add');
  });

  it('does nothing while a dialog, a menu or a select panel is open', () => {
    for (const overlay of [
      '<div role="dialog" aria-modal="true"></div>',
      '<div class="p-dialog-mask"></div>',
      '<div role="alertdialog"></div>',
      '<div class="p-menu-overlay"></div>',
      '<div class="p-dropdown-panel"></div>',
      '<div class="menu-backdrop"></div>',
    ]) {
      document.body.innerHTML = overlay;
      expect(shortcutFor(key('n'), document), overlay).toBeNull();
      expect(shortcutFor(key('?'), document), overlay).toBeNull();
    }
  });

  it('ignores a key another handler already took', () => {
    const e = key('n');
    e.preventDefault();
    expect(shortcutFor(e, document)).toBeNull();
  });

  it('lists n in the help only where the list can add', () => {
    expect(shortcutHelp(true).map((s) => s.keys)).toContain('n');
    expect(shortcutHelp(false).map((s) => s.keys)).not.toContain('n');
    expect(shortcutHelp(false).map((s) => s.keys)).toEqual(expect.arrayContaining(['/', '?', 'Échap']));
  });
});

describe('useListShortcuts', () => {
  let host: HTMLDivElement;
  let root: Root;
  let help: boolean;
  const onAdd = vi.fn();

  function List({ add, id }: { add?: () => void; id: string }) {
    const ref = useRef<HTMLDivElement>(null);
    const s = useListShortcuts(ref, add);
    if (id === 'first') help = s.helpOpen;
    return (
      <div ref={ref} className="dt-resource" id={id}>
        <span className="dt-search">
          <input aria-label={`Rechercher ${id}`} />
        </span>
      </div>
    );
  }

  const press = (k: string, init: KeyboardEventInit = {}) =>
    act(() => {
      (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init }));
    });

  beforeEach(() => {
    onAdd.mockReset();
    help = false;
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    // happy-dom lays nothing out: every element counts as shown.
    vi.spyOn(Element.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
  });

  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    vi.restoreAllMocks();
  });

  it('/ focuses the first list’s search without typing the slash; n adds; ? opens the help', () => {
    act(() =>
      root.render(
        <>
          <List id="first" add={onAdd} />
          <List id="second" add={() => {}} />
        </>,
      ),
    );
    press('/');
    const box = document.querySelector<HTMLInputElement>('#first input')!;
    expect(document.activeElement).toBe(box);
    expect(box.value).toBe('');

    // Typing in the search box: n is a letter of the search, not « Ajouter ».
    press('n');
    expect(onAdd).not.toHaveBeenCalled();

    box.blur();
    press('n');
    expect(onAdd).toHaveBeenCalledTimes(1);

    press('?', { shiftKey: true });
    expect(help).toBe(true);
  });

  it('n does nothing on a list without « Ajouter »', () => {
    act(() => root.render(<List id="first" />));
    press('n');
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('stays quiet while a dialog is open', () => {
    act(() => root.render(<List id="first" add={onAdd} />));
    const mask = document.createElement('div');
    mask.className = 'p-dialog-mask';
    document.body.appendChild(mask);
    press('n');
    press('?');
    press('/');
    expect(onAdd).not.toHaveBeenCalled();
    expect(help).toBe(false);
    expect(document.activeElement).not.toBe(document.querySelector('#first input'));
    mask.remove();
  });
});
