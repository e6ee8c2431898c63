import { createContext, useContext } from 'react';
import type { FormMode } from './steps';

/** The mode of the dialog around a field: a field read-only when editing (a code given once) reads it. */
export const FormModeContext = createContext<FormMode>('add');

export const useFormMode = () => useContext(FormModeContext);
