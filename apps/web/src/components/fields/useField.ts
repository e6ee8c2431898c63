import { useController, useFormContext } from 'react-hook-form';

/** Props every field takes. Names are form paths (`NAME`, `ADDRESS.CITY`). */
export interface BaseFieldProps {
  name: string;
  label: string;
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
export function useField(name: string, disabled?: boolean) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const id = fieldId(name);
  const error = fieldState.error?.message;
  return {
    field,
    id,
    error,
    disabled: !!(disabled || field.disabled),
    /** ARIA wiring of the control to its error text. */
    aria: { 'aria-invalid': !!error, 'aria-describedby': error ? `${id}-error` : undefined },
  };
}
