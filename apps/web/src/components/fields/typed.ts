import type { ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import type { SearchSelectProps } from './SearchSelectField';
import type { SelectProps } from './select-props';

/** A field's props whose `name` must be a path of the form's values. */
type Named<P, Input extends FieldValues> = Omit<P, 'name'> & { name: Path<Input> };

/**
 * A field component typed for a form whose values are `Input` (its schema's input type): a `name`
 * that is not a path of `Input` fails to compile. A form's file types the fields it uses once, at no
 * cost at run time (the same component):
 * `const TextField: FormField<typeof AnyTextField, BrandIn> = AnyTextField;`
 */
export type FormField<C extends (props: never) => ReactNode, Input extends FieldValues> = (props: Named<Parameters<C>[0], Input>) => ReactNode;
/** `SelectField` / `MultiSelectField` typed for a form (they keep their option row type). */
export type FormSelectField<Input extends FieldValues> = <Row = Record<string, unknown>>(props: Named<SelectProps<Row>, Input>) => ReactNode;
/** `SearchSelectField` typed for a form. */
export type FormSearchSelectField<Input extends FieldValues> = <Row extends Record<string, unknown>>(props: Named<SearchSelectProps<Row>, Input>) => ReactNode;
