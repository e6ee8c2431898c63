import { textMaxLength } from '@app/domain';
import { createContext, useContext } from 'react';

/**
 * What a form knows about its fields without the screen writing it again: the resource's labels (the
 * domain metadata that heads the list's columns and the export) and the schema the API validates with.
 * FormDialog provides it; a field reads its label and its text limit from it when it is not given one.
 */
export interface FieldFacts {
  labels?: { readonly [field: string]: string | undefined };
  schema?: unknown;
}

export const FieldFactsContext = createContext<FieldFacts>({});

/** The label and the longest text of field `name`, from the props when given, else from the form's facts. */
export function useFieldFacts(name: string, given: { label?: string; maxLength?: number }): { label: string; maxLength?: number } {
  const facts = useContext(FieldFactsContext);
  // A field that draws its own label (an image list, a choice of kinds) reads none: '' then. A visible
  // field left without one is caught by the accessibility check of the browser tests.
  const label = given.label ?? facts.labels?.[name] ?? '';
  return { label, maxLength: given.maxLength ?? textMaxLength(facts.schema, name) };
}
