import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Steps } from 'primereact/steps';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { type DefaultValues, type FieldValues, FormProvider, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';
import { type FieldFacts, FieldFactsContext } from '../fields/field-facts';
import { FORM_VALIDATION, useFirstFieldFocus } from './dialog-focus';
import { FormModeContext } from './form-mode';
import { errorPaths, type FormMode, firstStepWithError, footerButtons, type StepDef, serverFieldErrors } from './steps';
import './form-dialog.css';

/** Select-like fields and the panels they open (in the body): an Escape there is the panel's. */
const SELECTS = '.p-dropdown, .p-multiselect, .p-calendar, .p-autocomplete';
const OPEN_PANELS = '.p-dropdown-panel, .p-multiselect-panel, .p-datepicker:not(.p-datepicker-inline), .p-autocomplete-panel';

/** A step of the dialog; its `fields` are paths of the form's values (`Input`), so a typo fails to compile. */
export interface FormStep<Input extends FieldValues = FieldValues> extends StepDef {
  fields: readonly Path<Input>[];
  content: ReactNode;
}

export interface FormDialogProps<In extends FieldValues, Out> {
  visible: boolean;
  mode: FormMode;
  /** Title per mode: 'Ajouter un circuit', 'Modifier le circuit', 'Détails du circuit'. */
  titles: Record<FormMode, string>;
  /** The domain schema (same one the API validates with); its output is what onSubmit receives. */
  schema: z.ZodType<Out, In>;
  defaultValues: DefaultValues<In>;
  /** Several steps get a Steps header and Précédent / Suivant; a single form may pass `children` instead. */
  steps?: FormStep<In>[];
  children?: ReactNode;
  /** Saves the merged data of every step; a 422 ApiError puts its field errors on the fields. */
  onSubmit: (values: Out) => Promise<void>;
  onHide: () => void;
  /** Dialog width on desktop (spec: 60vw); 95vw on mobile. */
  width?: string;
  /** The resource's field labels (its domain metadata): a field without its own label shows its own here. */
  labels?: FieldFacts['labels'];
}

/**
 * Add / edit / view dialog. A new form is built each time the dialog opens, so no value leaks from
 * one opening into the next.
 */
export function FormDialog<In extends FieldValues, Out>(props: FormDialogProps<In, Out>) {
  const [opened, setOpened] = useState({ visible: props.visible, count: 0 });
  if (props.visible !== opened.visible) setOpened({ visible: props.visible, count: opened.count + (props.visible ? 1 : 0) });
  return <DialogForm key={opened.count} {...props} />;
}

function DialogForm<In extends FieldValues, Out>(props: FormDialogProps<In, Out>) {
  const { mode, onHide } = props;
  const steps: FormStep<In>[] = props.steps ?? [{ label: '', fields: [], content: props.children }];
  const [index, setIndex] = useState(0);
  const [saving, setSaving] = useState(false);
  const formId = useId();
  // A field's label and text limit, unless it gives its own: the resource's labels, the API's schema.
  const facts = useMemo<FieldFacts>(() => ({ labels: props.labels, schema: props.schema }), [props.labels, props.schema]);
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(props.schema),
    defaultValues: props.defaultValues,
    disabled: mode === 'view',
    ...FORM_VALIDATION,
  });
  const focus = useFirstFieldFocus();
  const buttons = footerButtons(mode, index, steps.length);
  // Fields a refused "Suivant" checked: as after a refused save, they re-check while they change, so
  // an error clears as one types (the form is not submitted yet, so react-hook-form would not).
  const [checked, setChecked] = useState<readonly string[]>([]);
  useEffect(() => {
    if (checked.length === 0) return;
    const sub = form.watch((_, { name }) => {
      if (name && checked.includes(name)) void form.trigger(name as Path<In>);
    });
    return () => sub.unsubscribe();
  }, [form, checked]);

  const next = async () => {
    if (mode !== 'view') {
      const fields = steps[index].fields as Path<In>[];
      if (!(await form.trigger(fields, { shouldFocus: true }))) {
        setChecked((c) => [...new Set([...c, ...fields])]);
        return;
      }
    }
    setIndex((i) => Math.min(i + 1, steps.length - 1));
  };

  const goToErrors = (names: string[]) => {
    const at = firstStepWithError(steps, names);
    if (at >= 0) setIndex(at);
  };

  const save = form.handleSubmit(
    async (values) => {
      setSaving(true);
      try {
        await props.onSubmit(values);
        onHide();
      } catch (err) {
        // Other failures were toasted by the error catalogue; the dialog stays open with its data.
        if (err instanceof ApiError && err.status === 422) {
          const fieldErrors = serverFieldErrors(err.errors);
          for (const [name, message] of fieldErrors) form.setError(name as Path<In>, { type: 'server', message });
          goToErrors(fieldErrors.map(([name]) => name));
        }
      } finally {
        setSaving(false);
      }
    },
    // A rule spanning steps may still fail on save: show the step that holds it.
    (errors) => goToErrors(errorPaths(errors)),
  );

  const onFormSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'view') return;
    // Enter in a field moves on, and saves only from the last step.
    if (buttons.next) void next();
    else void save();
  };

  // PrimeReact's Dialog closes on any Escape (a document listener), even one that only meant to close
  // a select's open panel: that Escape stops here, so the dialog and its data stay.
  const keepOpenOnPanelEscape = (e: KeyboardEvent) => {
    const target = e.target as Element | null;
    if (e.key === 'Escape' && target?.closest?.(`${SELECTS}, ${OPEN_PANELS}`) && document.querySelector(OPEN_PANELS)) e.stopPropagation();
  };

  const footer = (
    <div className="fd-footer">
      <Button type="button" label={buttons.cancelLabel} severity="secondary" outlined onClick={onHide} disabled={saving} />
      <span className="fd-footer-spacer" />
      {buttons.previous && (
        <Button type="button" label="Précédent" icon="pi pi-arrow-left" outlined onClick={() => setIndex((i) => Math.max(0, i - 1))} disabled={saving} />
      )}
      {buttons.next && <Button type="button" label="Suivant" icon="pi pi-arrow-right" iconPos="right" onClick={() => void next()} />}
      {buttons.save && <Button type="submit" form={formId} label="Enregistrer" icon="pi pi-check" loading={saving} />}
    </div>
  );

  return (
    <Dialog
      {...focus}
      visible={props.visible}
      onHide={() => {
        if (!saving) onHide();
      }}
      header={props.titles[mode]}
      footer={footer}
      style={{ width: props.width ?? '60vw' }}
      breakpoints={{ '1199px': '75vw', '767px': '95vw' }}
      baseZIndex={10000}
      draggable={false}
      resizable={false}
      blockScroll
      className="fd-dialog"
    >
      {steps.length > 1 && (
        <Steps
          className="fd-steps"
          model={steps.map((s) => ({ label: s.label }))}
          activeIndex={index}
          // Free navigation only when nothing can be invalid.
          readOnly={mode !== 'view'}
          onSelect={(e) => setIndex(e.index)}
        />
      )}
      <FormProvider {...form}>
        <FieldFactsContext.Provider value={facts}>
          <FormModeContext.Provider value={mode}>
            <form id={formId} onSubmit={onFormSubmit} onKeyDown={keepOpenOnPanelEscape} noValidate>
              {steps.map((step, i) => (
                <section key={step.label || i} hidden={i !== index} aria-label={step.label || undefined}>
                  {step.content}
                </section>
              ))}
            </form>
          </FormModeContext.Provider>
        </FieldFactsContext.Provider>
      </FormProvider>
    </Dialog>
  );
}
