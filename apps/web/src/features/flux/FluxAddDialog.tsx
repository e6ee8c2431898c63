import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { TabPanel, TabView } from 'primereact/tabview';
import { type ReactNode, useState } from 'react';
import { type DefaultValues, type FieldValues, FormProvider, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { resourceKey } from '../../components/data-table/query-keys';
import { FieldGrid, FileField, MultiSelectField, RichTextField, TextField } from '../../components/fields';
import { ClientPicker } from '../../components/fields/ClientPicker';
import { FORM_VALIDATION, useFirstFieldFocus } from '../../components/form-dialog/dialog-focus';
import { ApiError } from '../../lib/api';
import { reportFailure } from '../../lib/errors';
import { notify } from '../../lib/toast';
import { FLUX_PATH, type FluxSent, sendFlux } from './flux.api';
import { activitiesTabForm, clientsTabForm, fileTabForm, fluxFormData } from './flux-form';

function useTabForm<In extends FieldValues, Out>(schema: z.ZodType<Out, In>, defaultValues: DefaultValues<In>) {
  return useForm<In, unknown, Out>({ resolver: zodResolver(schema), defaultValues, ...FORM_VALIDATION });
}

/** TITLE, MESSAGE (rich text with emoji) and the optional IMAGE: what every tab asks. */
function Content() {
  return (
    <>
      <TextField name="TITLE" label="Titre" required wide />
      <RichTextField name="MESSAGE" label="Message" required emoji height="10rem" />
      <FileField name="IMAGE" label="Image" family="image" wide />
    </>
  );
}

interface TabFormProps<In extends FieldValues, Out> {
  form: UseFormReturn<In, unknown, Out>;
  send: (values: Out) => Promise<FluxSent>;
  onSent: (sent: FluxSent) => Promise<void>;
  /** Problems of a refused codes file, one per line. */
  onLines?: (lines: string[]) => void;
  children: ReactNode;
}

/** One tab: its own form, validated with the body its call takes, and its own save button. */
function TabForm<In extends FieldValues, Out>({ form, send, onSent, onLines, children }: TabFormProps<In, Out>) {
  const [saving, setSaving] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    onLines?.([]);
    try {
      await onSent(await send(values));
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        for (const [name, messages] of Object.entries(err.errors)) {
          // A refused codes file: its summary on the field, its lines listed under it.
          const perLine = name === 'CLIENTS_FILE' && onLines && /^Ligne \d+/.test(messages[0] ?? '');
          if (perLine) onLines(messages);
          form.setError(name as Path<In>, { type: 'server', message: perLine ? err.message : messages[0] });
        }
      } else reportFailure(err, 'POST');
    } finally {
      setSaving(false);
    }
  });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FieldGrid>{children}</FieldGrid>
        <div className="flux-tab-actions">
          <Button type="submit" label="Envoyer" icon="pi pi-send" loading={saving} />
        </div>
      </form>
    </FormProvider>
  );
}

function FluxDialogBody({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const qc = useQueryClient();
  const [tab, setTab] = useState(0);
  const [lines, setLines] = useState<string[]>([]);
  const focus = useFirstFieldFocus();
  const clientsForm = useTabForm(clientsTabForm, { TITLE: '', MESSAGE: '', DESTINATION: [], IMAGE: null });
  const fileForm = useTabForm(fileTabForm, { TITLE: '', MESSAGE: '', IMAGE: null });
  const activitiesForm = useTabForm(activitiesTabForm, { TITLE: '', MESSAGE: '', ACTIVITIES: [], IMAGE: null });
  const onSent = async (sent: FluxSent) => {
    notify.success('Notification envoyée', sent.message);
    await qc.invalidateQueries({ queryKey: resourceKey(FLUX_PATH) });
    onHide();
  };
  // Only the open tab is rendered (unique field ids); the three forms keep their values.
  return (
    <Dialog
      {...focus}
      visible={visible}
      onHide={onHide}
      header="Nouvelle notification"
      style={{ width: '60vw' }}
      breakpoints={{ '1199px': '75vw', '767px': '95vw' }}
      baseZIndex={10000}
      draggable={false}
      resizable={false}
      blockScroll
      className="fd-dialog"
    >
      <TabView activeIndex={tab} onTabChange={(e) => setTab(e.index)} className="flux-tabs">
        <TabPanel header="Clients actifs">
          <TabForm form={clientsForm} send={(v) => sendFlux('flux', fluxFormData(v, { name: 'DESTINATION', ids: v.DESTINATION }))} onSent={onSent}>
            <ClientPicker multiple name="DESTINATION" label="Clients" required wide activeOnly />
            <Content />
          </TabForm>
        </TabPanel>
        <TabPanel header="Mutiple">
          <TabForm form={fileForm} send={(v) => sendFlux('flux/clients_file', fluxFormData(v))} onSent={onSent} onLines={setLines}>
            <FileField
              name="CLIENTS_FILE"
              label="Fichier des codes clients"
              family="csv"
              required
              wide
              hint="CSV ou texte : un code client par ligne (première colonne, séparateur ; ou ,)."
            />
            {lines.length > 0 && (
              <ul className="flux-lines fld-wide" aria-label="Lignes à corriger">
                {lines.map((l) => (
                  <li key={l}>{l}</li>
                ))}
              </ul>
            )}
            <Content />
          </TabForm>
        </TabPanel>
        <TabPanel header="Par Activité">
          <TabForm form={activitiesForm} send={(v) => sendFlux('flux/activities', fluxFormData(v, { name: 'ACTIVITIES', ids: v.ACTIVITIES }))} onSent={onSent}>
            <MultiSelectField
              name="ACTIVITIES"
              label="Activités"
              required
              wide
              source={{ path: 'clients_activities' }}
              hint="Chaque client actif de ces activités la reçoit."
            />
            <Content />
          </TabForm>
        </TabPanel>
      </TabView>
    </Dialog>
  );
}

/** The add dialog of the flux: three tabs, each its own form and save; new forms each time it opens. */
export function FluxAddDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const [opened, setOpened] = useState({ visible, count: 0 });
  if (visible !== opened.visible) setOpened({ visible, count: opened.count + (visible ? 1 : 0) });
  return <FluxDialogBody key={opened.count} visible={visible} onHide={onHide} />;
}
