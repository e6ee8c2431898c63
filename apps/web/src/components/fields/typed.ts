import type { ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { ClientsPicker } from './ClientsPicker';
import { DateField } from './DateField';
import { FileField } from './FileField';
import { RichTextField } from './RichTextField';
import { type SearchSelectProps, SearchSelectField } from './SearchSelectField';
import { MultiSelectField, SelectField } from './SelectFields';
import type { SelectProps } from './select-props';
import { EmailField, NumberField, PhoneField, TextAreaField, TextField } from './TextFields';
import { CheckboxField, SwitchField } from './ToggleFields';

/** A field's props whose `name` must be a path of the form's values. */
type Named<P, Input extends FieldValues> = Omit<P, 'name'> & { name: Path<Input> };
type Field<C extends (props: never) => ReactNode, Input extends FieldValues> = (props: Named<Parameters<C>[0], Input>) => ReactNode;

/**
 * The field components for a form whose values are `Input` (its schema's input type): the same
 * components, typed so that a `name` that is not a path of `Input` fails to compile. A form's file
 * takes them once: `const { TextField, SelectField } = formFields<z.input<typeof schema>>();`.
 */
export function formFields<Input extends FieldValues>() {
  return {
    TextField: TextField as Field<typeof TextField, Input>,
    EmailField: EmailField as Field<typeof EmailField, Input>,
    PhoneField: PhoneField as Field<typeof PhoneField, Input>,
    NumberField: NumberField as Field<typeof NumberField, Input>,
    TextAreaField: TextAreaField as Field<typeof TextAreaField, Input>,
    DateField: DateField as Field<typeof DateField, Input>,
    FileField: FileField as Field<typeof FileField, Input>,
    RichTextField: RichTextField as Field<typeof RichTextField, Input>,
    CheckboxField: CheckboxField as Field<typeof CheckboxField, Input>,
    SwitchField: SwitchField as Field<typeof SwitchField, Input>,
    ClientsPicker: ClientsPicker as Field<typeof ClientsPicker, Input>,
    SelectField: SelectField as <Row = Record<string, unknown>>(props: Named<SelectProps<Row>, Input>) => ReactNode,
    MultiSelectField: MultiSelectField as <Row = Record<string, unknown>>(props: Named<SelectProps<Row>, Input>) => ReactNode,
    SearchSelectField: SearchSelectField as <Row extends Record<string, unknown>>(props: Named<SearchSelectProps<Row>, Input>) => ReactNode,
  };
}
