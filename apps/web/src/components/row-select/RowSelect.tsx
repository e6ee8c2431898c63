import { Dropdown, type DropdownChangeEvent, type DropdownProps } from 'primereact/dropdown';
import { ChevronDownIcon } from 'primereact/icons/chevrondown';
import { TimesIcon } from 'primereact/icons/times';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { cx } from '../data-table/fit';

export type RowSelectProps = Omit<DropdownProps, 'ref'> & {
  /** What the closed select shows (the value's label or tag, or the placeholder). */
  face: ReactNode;
  /** Its accessible name, on the closed face and on the select once opened. */
  label: string;
};

/** The keys that open a select (PrimeReact's own: Enter, Space, Alt+↓ and ↓). */
const OPENS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A select inside a list row, drawn as the closed PrimeReact Dropdown looks (the same classes, so the
 * same theme, and PrimeReact's own icons) as one element; the Dropdown itself is mounted when the
 * select is used: clicked or opened from the keyboard (it opens), or focused (it takes the focus). Its
 * clear cross clears at once. A page of 100 rows with one or two real Dropdowns each kept the list from
 * answering its first click for more than a second; the closed faces cost what a tag costs.
 */
export function RowSelect({ face, label, className, disabled, ...props }: RowSelectProps) {
  const [live, setLive] = useState<null | 'open' | 'focus'>(null);
  const ref = useRef<Dropdown>(null);

  useEffect(() => {
    if (live === 'focus') ref.current?.focus();
    if (live !== 'open') return;
    // Once the click or key that opened it is done: the select's outside-click listener, bound when it
    // opens, would otherwise take that same click, still bubbling to the document, and close it.
    const opening = setTimeout(() => {
      ref.current?.focus();
      ref.current?.show();
    });
    return () => clearTimeout(opening);
  }, [live]);

  if (live) {
    // PrimeReact puts aria-activedescendant on the focused root, which has no role: leave it to the input.
    return (
      <Dropdown
        ref={ref}
        className={className}
        disabled={disabled}
        aria-label={label}
        ariaLabel={label}
        pt={{ select: { 'aria-label': label }, root: { 'aria-activedescendant': undefined } }}
        {...props}
      />
    );
  }
  const filled = props.value !== null && props.value !== undefined && props.value !== '';
  const wake = (how: 'open' | 'focus') => () => {
    if (!disabled) setLive(how);
  };
  return (
    <div
      className={cx(
        'p-dropdown p-component p-inputwrapper',
        filled && 'p-inputwrapper-filled',
        disabled && 'p-disabled',
        props.showClear && filled && 'p-dropdown-clearable',
        className,
      )}
      role="combobox"
      aria-label={label}
      aria-expanded={false}
      aria-haspopup="listbox"
      aria-disabled={disabled || undefined}
      tabIndex={disabled ? -1 : 0}
      // The press does not focus the face (focusing swaps it, and the click would then fall between the
      // face and the select): the click mounts the select and opens it.
      onMouseDown={(e) => e.preventDefault()}
      onClick={(e: MouseEvent) => {
        // The clear cross clears at once, as on the real select, without opening it.
        if (!disabled && props.showClear && e.target instanceof Element && e.target.closest('.p-dropdown-clear-icon')) {
          const target = { name: props.name, id: props.id, value: null };
          props.onChange?.({
            originalEvent: e,
            value: null,
            target,
            stopPropagation: () => e.stopPropagation(),
            preventDefault: () => e.preventDefault(),
          } as DropdownChangeEvent);
          return;
        }
        wake('open')();
      }}
      onFocus={wake('focus')}
      onKeyDown={(e: KeyboardEvent) => {
        if (OPENS.has(e.key)) {
          e.preventDefault();
          wake('open')();
        }
      }}
    >
      <span className={cx('p-dropdown-label p-inputtext', !filled && 'p-placeholder')}>{face}</span>
      {props.showClear && filled && <TimesIcon className="p-icon p-dropdown-clear-icon p-clickable" aria-hidden="true" />}
      <div className="p-dropdown-trigger" aria-hidden="true">
        <ChevronDownIcon className="p-icon p-dropdown-trigger-icon p-clickable" aria-hidden="true" />
      </div>
    </div>
  );
}
