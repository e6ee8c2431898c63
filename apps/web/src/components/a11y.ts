/**
 * PrimeReact gives the switch's wrapper role="checkbox" around its own input role="switch": two
 * nested controls for one (axe: nested-interactive). The input alone carries the role and the state.
 */
export const SWITCH_PT = { root: { role: undefined, 'aria-checked': undefined } } as const;

/** The same for a table's selection checkboxes (wrapper role="checkbox" around a checkbox input). */
export const SELECTION_COLUMN_PT = {
  rowCheckbox: { root: { role: undefined, 'aria-checked': undefined } },
  headerCheckbox: { root: { role: undefined, 'aria-checked': undefined } },
} as const;
