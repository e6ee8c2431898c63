import { Dropdown } from 'primereact/dropdown';

/** "Every value" of a filter: PrimeReact shows no label for an empty string, hence a word. */
export const ALL = 'all';
export const orAll = (v: string | null) => v || ALL;
export const unlessAll = (v: string) => (v === ALL ? undefined : v);

/** A list filter's dropdown, named for screen readers and without PrimeReact's dangling aria-activedescendant. */
export function FilterDropdown(props: {
  className: string;
  label: string;
  value: string;
  options: { label: string; value: string }[];
  onChange: (v: string) => void;
}) {
  return (
    <Dropdown
      className={props.className}
      value={props.value}
      options={props.options}
      onChange={(e) => props.onChange(e.value)}
      aria-label={props.label}
      ariaLabel={props.label}
      pt={{ select: { 'aria-label': props.label }, root: { 'aria-activedescendant': undefined } }}
    />
  );
}
