export { FormDialog, type FormDialogProps, type FormStep } from './FormDialog';
export { type FormMode, footerButtons, type StepDef, stepOfField } from './steps';
export { FormModeContext, useFormMode } from './form-mode';
export { FORM_VALIDATION, useFirstFieldFocus } from './dialog-focus';
