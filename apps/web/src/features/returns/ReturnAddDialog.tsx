import { returnBody } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { resourceKey } from '../../components/data-table';
import { FieldGrid, SearchSelectField, TextField } from '../../components/fields';
import { FormDialog } from '../../components/form-dialog';
import { notify } from '../../lib/toast';
import { ReturnItemsField } from './ReturnItemsField';
import { createReturn, RETURNS_PATH as PATH } from './returns.api';

interface ClientOption extends Record<string, unknown> {
  id: number;
  CODE_CLIENT: string;
  NAME: string;
}

/** « Ajouter un retour »: address, client, products chosen in a second dialog, saved in one call; the server numbers it. */
export function ReturnAddDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const qc = useQueryClient();
  const save = async (values: z.output<typeof returnBody>) => {
    const saved = await createReturn(values);
    await qc.invalidateQueries({ queryKey: resourceKey(PATH) });
    notify.success('Retour enregistré', `Le retour ${saved.NUM_RETOUR} est enregistré.`);
  };
  return (
    <FormDialog<z.input<typeof returnBody>, z.output<typeof returnBody>>
      visible={visible}
      mode="add"
      titles={{ add: 'Ajouter un retour', edit: 'Ajouter un retour', view: 'Retour' }}
      schema={returnBody}
      defaultValues={{ ADDRESS: '', CLIENT_ID: null as unknown as number, ITEMS: [] }}
      onSubmit={save}
      onHide={onHide}
    >
      <FieldGrid>
        <SearchSelectField<ClientOption>
          name="CLIENT_ID"
          label="Client"
          required
          path="clients"
          optionLabel={(c) => `${c.CODE_CLIENT} — ${c.NAME}`}
          placeholder="Code ou nom du client…"
          emptyMessage="Aucun client trouvé"
        />
        <TextField name="ADDRESS" label="Adresse" required maxLength={255} />
        <ReturnItemsField />
      </FieldGrid>
    </FormDialog>
  );
}
