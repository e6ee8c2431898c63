import { useController, useFormContext } from 'react-hook-form';
import { useFieldFacts } from './field-facts';

/** Props every field takes. Names are form paths (`NAME`, `ADDRESS.CITY`). */
export interface BaseFieldProps {
  name: string;
  /** Default: the resource's label for `name` (FormDialog's `labels`, from the domain metadata). */
  label?: string;
  required?: boolean;
  disabled?: boolean;
  hint?: string;
  wide?: boolean;
}

export const fieldId = (name: string) => `field-${name.replace(/[^\w-]/g, '_')}`;

/**
 * A controlled field of the surrounding form. A form opened read-only (`useForm({ disabled })`)
 * disables every field through `field.disabled`.
 */
export function useField(name: string, disabled?: boolean, given: { label?: string; maxLength?: number } = {}) {
  const { control } = useFormContext();
  const { label, maxLength } = useFieldFacts(name, given);
  const { field, fieldState } = useController({ name, control });
  const id = fieldId(name);
  const error = fieldState.error?.message;
  return {
    field,
    id,
    error,
    disabled: !!(disabled || field.disabled),
    /** The field's label: its own, or the resource's. */
    label,
    /** The longest text it takes: its own, or its schema's (`requiredText(n)`, `optionalText(n)`). */
    maxLength,
    /** ARIA wiring of the control to its error text. */
    aria: { 'aria-invalid': !!error, 'aria-describedby': error ? `${id}-error` : undefined },
  };
}
