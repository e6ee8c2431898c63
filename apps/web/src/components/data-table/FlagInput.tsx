import { CheckIcon } from 'primereact/icons/check';
import { cx } from './fit';

export interface FlagInputProps {
  kind: 'checkbox' | 'switch';
  checked: boolean;
  label: string;
  /** Absent: the flag is shown, not editable. */
  onChange?: () => void;
}

/**
 * An inline flag of a list row: a native checkbox (a switch for `switch`) in the markup PrimeReact's
 * Checkbox and InputSwitch draw, so the theme styles it the same, without a component per cell. A page
 * of 100 rows drew 100 to 200 of them through PrimeReact's pass-through machinery, a large part of the
 * time before the list answered its first click.
 */
export function FlagInput({ kind, checked, label, onChange }: FlagInputProps) {
  const disabled = !onChange;
  const root = kind === 'switch' ? 'p-inputswitch' : 'p-checkbox';
  return (
    <div className={cx(`${root} p-component`, checked && 'p-highlight', disabled && 'p-disabled')} data-p-highlight={checked} data-p-disabled={disabled}>
      <input
        type="checkbox"
        role={kind === 'switch' ? 'switch' : undefined}
        className={`${root}-input`}
        checked={checked}
        disabled={disabled}
        aria-label={label}
        onChange={() => onChange?.()}
      />
      {kind === 'switch' ? (
        <span className="p-inputswitch-slider" />
      ) : (
        <div className="p-checkbox-box">
          {/* PrimeReact's own icon: already in the bundle, drawn only where the box is ticked. */}
          {checked && <CheckIcon className="p-icon p-checkbox-icon" aria-hidden="true" />}
        </div>
      )}
    </div>
  );
}
