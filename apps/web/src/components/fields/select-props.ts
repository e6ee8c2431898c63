import type { BaseFieldProps } from './useField';
import type { Option, OptionSource } from './useOptions';

export interface SelectProps<Row> extends BaseFieldProps {
  /** Fixed options, or… */
  options?: Option[];
  /** …options read from an API list. */
  source?: OptionSource<Row>;
  placeholder?: string;
  /** Filter box in the panel (default on). */
  filter?: boolean;
  /** Called after the user picks (or clears) a value: chained selects clear their children here. */
  onValueChange?: (value: unknown) => void;
}

export const EMPTY = 'Aucun résultat';
