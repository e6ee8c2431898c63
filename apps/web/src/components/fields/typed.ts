import type { ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import type { SearchSelectProps } from './SearchSelectField';
import type { SelectProps } from './select-props';

/** A field's props whose `name` must be a path of the form's values. */
type Named<P, Input extends FieldValues> = Omit<P, 'name'> & { name: Path<Input> };
type Component = (props: never) => ReactNode;
type Typed<K, C extends Component, Input extends FieldValues> = K extends 'SelectField' | 'MultiSelectField'
  ? <Row = Record<string, unknown>>(props: Named<SelectProps<Row>, Input>) => ReactNode
  : K extends 'SearchSelectField'
    ? <Row extends Record<string, unknown>>(props: Named<SearchSelectProps<Row>, Input>) => ReactNode
    : (props: Named<Parameters<C>[0], Input>) => ReactNode;

/**
 * The field components a form uses, typed for a form whose values are `Input` (its schema's input
 * type): a `name` that is not a path of `Input` fails to compile. The same components at run time
 * (only those passed, so a screen's bundle holds no other field):
 * `const F = formFields<z.input<typeof schema>>()({ TextField, SelectField });` then `<F.TextField name="NAME" … />`.
 */
export function formFields<Input extends FieldValues>() {
  return <const C extends Record<string, Component>>(components: C) => components as unknown as { [K in keyof C]: Typed<K, C[K], Input> };
}
