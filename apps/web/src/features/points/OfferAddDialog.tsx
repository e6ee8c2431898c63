import { offerToActivitiesBody, offerToClientsBody } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { TabPanel, TabView } from 'primereact/tabview';
import { type ReactNode, useId, useState } from 'react';
import { type DefaultValues, type FieldValues, FormProvider, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FieldGrid, MultiSelectField, NumberField } from '../../components/fields';
import { ClientPicker } from '../../components/fields/ClientPicker';
// Not in the fields index: its AutoComplete would weigh on every screen with a form.
import { serverFieldErrors } from '../../components/form-dialog/steps';
import { FORM_VALIDATION, useFirstFieldFocus } from '../../components/form-dialog/dialog-focus';
import { ApiError } from '../../lib/api';
import { reportFailure } from '../../lib/errors';
import { notify } from '../../lib/toast';
import { CodesFileField, type FileProblems } from './CodesFileField';
import { type OfferResult, offerToActivities, offerToClients, offerToFile, refreshPoints } from './points.api';
import { type OfferFileIn, type OfferFileOut, offerFileData, offerFileForm, splitFileErrors } from './points-form';

type Run = (work: () => Promise<void>) => Promise<void>;

/** A tab's form, made by the dialog so its values survive a switch to another tab and back. */
function useOfferForm<In extends FieldValues, Out>(schema: z.ZodType<Out, In>, defaultValues: DefaultValues<In>) {
  return useForm<In, unknown, Out>({ resolver: zodResolver(schema), defaultValues, ...FORM_VALIDATION });
}

interface OfferFormProps<In extends FieldValues, Out> {
  id: string;
  form: UseFormReturn<In, unknown, Out>;
  send: (values: Out) => Promise<OfferResult>;
  /** The field errors of a refused call (default: the 422's `errors`). */
  refused?: (err: ApiError) => [string, string][];
  run: Run;
  onDone: (result: OfferResult) => Promise<void>;
  children: ReactNode;
}

/** One tab's form, validated with the domain body its call takes; submitted by the dialog's button. */
function OfferForm<In extends FieldValues, Out>({ id, form, send, refused, run, onDone, children }: OfferFormProps<In, Out>) {
  const submit = form.handleSubmit((values) =>
    run(async () => {
      let result: OfferResult;
      try {
        result = await send(values);
      } catch (err) {
        if (err instanceof ApiError && err.status === 422) {
          for (const [name, message] of refused ? refused(err) : serverFieldErrors(err.errors)) form.setError(name as Path<In>, { type: 'server', message });
        }
        return;
      }
      await onDone(result);
    }),
  );
  return (
    <FormProvider {...form}>
      <form
        id={id}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FieldGrid>{children}</FieldGrid>
      </form>
    </FormProvider>
  );
}

/** « Liste Code Clients »: the call, and the server's per-line errors kept for the list under the file. */
function useFileOffer(setProblems: (p: FileProblems | null) => void) {
  const send = async (values: OfferFileOut) => {
    setProblems(null);
    try {
      return await offerToFile(offerFileData(values), { silent: true });
    } catch (err) {
      // Shown in the dialog rather than as a toast; other failures go through the error catalogue.
      if (!(err instanceof ApiError && err.status === 422)) reportFailure(err, 'POST');
      throw err;
    }
  };
  const refused = (err: ApiError) => {
    const { lines, fields } = splitFileErrors(err.errors);
    if (lines.length || !fields.length) setProblems({ message: err.message, lines });
    return fields;
  };
  return { send, refused };
}

function OfferDialogBody({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const qc = useQueryClient();
  const [tab, setTab] = useState(0);
  const [saving, setSaving] = useState(false);
  const focus = useFirstFieldFocus();
  const [problems, setProblems] = useState<FileProblems | null>(null);
  const formId = useId();
  const clientsForm = useOfferForm(offerToClientsBody, { POINTS_OFFERED: '', CLIENTS: [] });
  const activitiesForm = useOfferForm(offerToActivitiesBody, { POINTS_OFFERED: '', ACTIVITIES: [] });
  const fileForm = useOfferForm<OfferFileIn, OfferFileOut>(offerFileForm, { POINTS_OFFERED: '', CLIENTS_FILE: undefined });
  const fileOffer = useFileOffer(setProblems);

  const run: Run = async (work) => {
    setSaving(true);
    try {
      await work();
    } finally {
      setSaving(false);
    }
  };
  const onDone = async (result: OfferResult) => {
    notify.success('Points offerts', result.message);
    await refreshPoints(qc);
    onHide();
  };
  const common = { id: formId, run, onDone };

  const footer = (
    <div className="fd-footer">
      <Button type="button" label="Annuler" severity="secondary" outlined onClick={onHide} disabled={saving} />
      <span className="fd-footer-spacer" />
      <Button type="submit" form={formId} label="Offrir les points" icon="pi pi-check" loading={saving} />
    </div>
  );

  // Only the open tab is rendered (one form, unique field ids); the three forms keep their values.
  return (
    <Dialog
      {...focus}
      visible={visible}
      onHide={() => {
        if (!saving) onHide();
      }}
      header="Offrir des points"
      footer={footer}
      style={{ width: '48rem' }}
      breakpoints={{ '1199px': '75vw', '767px': '95vw' }}
      baseZIndex={10000}
      draggable={false}
      resizable={false}
      blockScroll
      className="fd-dialog"
    >
      <TabView activeIndex={tab} onTabChange={(e) => !saving && setTab(e.index)} className="pts-tabs pts-offer-tabs">
        <TabPanel header="Clients">
          <OfferForm form={clientsForm} send={offerToClients} {...common}>
            <NumberField name="POINTS_OFFERED" label="Points" required decimals={0} />
            <ClientPicker multiple name="CLIENTS" label="Clients" required wide />
          </OfferForm>
        </TabPanel>
        <TabPanel header="Activités">
          <OfferForm form={activitiesForm} send={offerToActivities} {...common}>
            <NumberField name="POINTS_OFFERED" label="Points" required decimals={0} />
            <MultiSelectField
              name="ACTIVITIES"
              label="Activités"
              required
              wide
              source={{ path: 'clients_activities' }}
              hint="Chaque client de ces activités reçoit les points."
            />
          </OfferForm>
        </TabPanel>
        <TabPanel header="Liste Code Clients">
          <OfferForm form={fileForm} send={fileOffer.send} refused={fileOffer.refused} {...common}>
            <NumberField name="POINTS_OFFERED" label="Points" required decimals={0} />
            <CodesFileField
              name="CLIENTS_FILE"
              label="Fichier des codes clients"
              required
              hint="CSV ou texte, 5 Mo au plus : un code client par ligne (première colonne, séparateur ; ou ,)."
              problems={problems}
              onPick={() => setProblems(null)}
            />
          </OfferForm>
        </TabPanel>
      </TabView>
    </Dialog>
  );
}

/**
 * The add dialog of the offered points: three tabs, each its own call,
 * each one transaction on the server. A new set of forms each time it opens.
 */
export function OfferAddDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const [opened, setOpened] = useState({ visible, count: 0 });
  if (visible !== opened.visible) setOpened({ visible, count: opened.count + (visible ? 1 : 0) });
  return <OfferDialogBody key={opened.count} visible={visible} onHide={onHide} />;
}
