/**
 * Step logic of the form dialog, kept free of React so it can be tested alone: which buttons show,
 * which step owns a field, where to go when the server or the schema reports errors.
 */
export type FormMode = 'add' | 'edit' | 'view';

export interface StepDef {
  label: string;
  /** Form paths validated before leaving this step. */
  fields: readonly string[];
}

export interface FooterButtons {
  cancelLabel: 'Annuler' | 'Fermer';
  previous: boolean;
  next: boolean;
  save: boolean;
}

export function footerButtons(mode: FormMode, index: number, count: number): FooterButtons {
  const last = index >= count - 1;
  return {
    cancelLabel: mode === 'view' ? 'Fermer' : 'Annuler',
    previous: index > 0,
    next: !last,
    // View mode is read-only: nothing to save.
    save: last && mode !== 'view',
  };
}

/** `ADDRESS.CITY` belongs to the step listing `ADDRESS` or `ADDRESS.CITY`. */
const owns = (stepField: string, name: string) => name === stepField || name.startsWith(`${stepField}.`);

export function stepOfField(steps: readonly StepDef[], name: string): number {
  return steps.findIndex((s) => s.fields.some((f) => owns(f, name)));
}

/** The earliest step holding one of the fields in error; -1 when no step lists them. */
export function firstStepWithError(steps: readonly StepDef[], names: readonly string[]): number {
  const found = names.map((n) => stepOfField(steps, n)).filter((i) => i >= 0);
  return found.length ? Math.min(...found) : -1;
}

/** Field paths present in a react-hook-form errors object (nested objects flattened). */
export function errorPaths(errors: Record<string, unknown>, prefix = ''): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(errors)) {
    if (!v || typeof v !== 'object') continue;
    const path = prefix ? `${prefix}.${k}` : k;
    if ('message' in v || 'type' in v) out.push(path);
    else out.push(...errorPaths(v as Record<string, unknown>, path));
  }
  return out;
}

/** The server's 422 field errors (`{ FIELD: [msg] }`) as one message per field. */
export function serverFieldErrors(errors: Record<string, string[] | string> | undefined): [string, string][] {
  return Object.entries(errors ?? {})
    .map(([name, msgs]): [string, string] => [name, Array.isArray(msgs) ? (msgs[0] ?? '') : msgs])
    .filter(([, msg]) => msg !== '');
}
