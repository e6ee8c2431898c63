import { can, type GoodsReturn, returnBody, returnsMeta } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { z } from 'zod';
import { ResourceTable, resourceKey } from '../../components/data-table';
import { FieldGrid, SearchSelectField, TextField } from '../../components/fields';
import { FormDialog } from '../../components/form-dialog';
import { notify } from '../../lib/toast';
import { useSessionUser } from '../../lib/useSession';
import { returnColumns } from './columns';
import { ReturnItemsField } from './ReturnItemsField';
import { createReturn, RETURNS_PATH as PATH } from './returns.api';
import './returns.css';

/** Loaded when a return is opened: the list screen stays within its JavaScript budget. */
const ReturnDetailDialog = lazy(() => import('./ReturnDetailDialog').then((m) => ({ default: m.ReturnDetailDialog })));

interface ClientOption extends Record<string, unknown> {
  id: number;
  CODE_CLIENT: string;
  NAME: string;
}

/**
 * Returned goods (spec 2, `/layout/retour-marchandises`): 50 rows, a view action, the add dialog
 * (address, client, products chosen in a second dialog) saved in one call; the server numbers it.
 */
export default function ReturnsPage() {
  const qc = useQueryClient();
  const user = useSessionUser();
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);

  const save = async (values: z.output<typeof returnBody>) => {
    const saved = await createReturn(values);
    await qc.invalidateQueries({ queryKey: resourceKey(PATH) });
    notify.success('Retour enregistré', `Le retour ${saved.NUM_RETOUR} est enregistré.`);
  };

  return (
    <>
      <ResourceTable<GoodsReturn>
        resource={returnsMeta}
        columns={returnColumns}
        onAdd={can(user?.role, 'returns:write') ? () => setAdding(true) : undefined}
        onView={(r) => setViewing(r.id)}
        deletable={false}
        minWidth="50rem"
      />
      <FormDialog<z.input<typeof returnBody>, z.output<typeof returnBody>>
        visible={adding}
        mode="add"
        titles={{ add: 'Ajouter un retour', edit: 'Ajouter un retour', view: 'Retour' }}
        schema={returnBody}
        defaultValues={{ ADDRESS: '', CLIENT_ID: null as unknown as number, ITEMS: [] }}
        onSubmit={save}
        onHide={() => setAdding(false)}
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
      {viewing !== null && (
        <Suspense fallback={null}>
          <ReturnDetailDialog returnId={viewing} onHide={() => setViewing(null)} />
        </Suspense>
      )}
    </>
  );
}
