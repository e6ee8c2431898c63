import { CLIENT_MESSAGES, type Client } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { resourceKey } from '../../components/data-table';
import { FormDialog, type FormMode, type FormStep } from '../../components/form-dialog';
import { notify } from '../../lib/toast';
import { CLIENT_DIALOG_STEPS, clientAddForm, clientBody, clientEditForm, clientFormValues, requiredFor } from './client-form';
import { syncClientImage } from './client-media';
import { CLIENTS, createClient, updateClient } from './clients.api';
import { CommercialFields } from './form/CommercialFields';
import { DeliveryFields } from './form/DeliveryFields';
import { IdentityFields } from './form/IdentityFields';

export interface ClientDialogState {
  visible: boolean;
  mode: FormMode;
  row: Client | null;
}

const TITLES: Record<FormMode, string> = { add: 'Ajouter un client', edit: 'Modifier le client', view: 'Détails du client' };
const ALL_FIELDS = CLIENT_DIALOG_STEPS.flatMap((s) => s.fields);

/**
 * The client's add / edit / view dialog in three steps: each step is checked on its own
 * fields before the next, and one save sends the merged data. Add checks the full required list,
 * edit the light one (ERP clients with gaps stay editable).
 */
export function ClientDialog({ state, onHide, showChefZone }: { state: ClientDialogState; onHide: () => void; showChefZone: boolean }) {
  const qc = useQueryClient();
  const { mode, row } = state;
  const required = requiredFor(mode === 'add' ? 'add' : 'edit');
  const schema = (mode === 'add' ? clientAddForm : clientEditForm) as unknown as z.ZodType<FieldValues, FieldValues>;
  const content = {
    identity: <IdentityFields required={required} showChefZone={showChefZone} />,
    commercial: <CommercialFields required={required} />,
    delivery: <DeliveryFields required={required} />,
  };
  const steps: FormStep[] = CLIENT_DIALOG_STEPS.map((s) => ({ label: s.label, fields: s.fields, content: content[s.key] }));

  const onSubmit = async (values: FieldValues) => {
    const body = clientBody(values);
    const saved = mode === 'edit' && row ? await updateClient(row.id, body) : await createClient(body);
    let imageFailed = false;
    try {
      await syncClientImage(saved, values.file, row);
    } catch {
      // The client is saved; saving again would add it twice. The catalogue reported the upload.
      imageFailed = true;
    }
    await qc.invalidateQueries({ queryKey: resourceKey(CLIENTS) });
    if (imageFailed) notify.warn('Enregistrement partiel', 'Le client est enregistré, mais l’image n’a pas pu être envoyée.');
    else if (mode === 'add') notify.success(CLIENT_MESSAGES.added);
    else notify.success('Modification effectuée', 'Les données du client ont été enregistrées.');
  };

  return (
    <FormDialog<FieldValues, FieldValues>
      visible={state.visible}
      mode={mode}
      titles={TITLES}
      schema={schema}
      defaultValues={clientFormValues(row, ALL_FIELDS) as DefaultValues<FieldValues>}
      steps={steps}
      onSubmit={onSubmit}
      onHide={onHide}
      width="70vw"
    />
  );
}
