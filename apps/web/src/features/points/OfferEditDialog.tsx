import { formatInteger, offerEditBody } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { FieldGrid, NumberField, TextField } from '../../components/fields';
import { FormDialog } from '../../components/form-dialog';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import type { OfferedPointsRow } from './columns';
import { editOffered, refreshPoints } from './points.api';

/** The client's code and name are shown, never sent. */
const offerEditForm = offerEditBody.extend({ CODE_CLIENT: z.string().optional(), NAME: z.string().optional() });
type In = z.input<typeof offerEditForm>;
type Out = z.output<typeof offerEditForm>;

/**
 * Edit of an offered-points row (only client code, name and points):
 * PUT users/offerPoints/{CODE_CLIENT} with the new offered total; the server writes the difference
 * to the ledger, so lowering it below what the balance holds is refused on the points field.
 */
export function OfferEditDialog({ row, onHide }: { row: OfferedPointsRow | null; onHide: () => void }) {
  const qc = useQueryClient();
  const onSubmit = async (values: Out) => {
    if (!row) return;
    try {
      await editOffered(row.CODE_CLIENT, values.POINTS_OFFERED);
    } catch (err) {
      // The ledger names the balance's field (POINTS): it is this form's points.
      if (err instanceof ApiError && err.errors.POINTS) throw new ApiError(err.status, err.message, { POINTS_OFFERED: err.errors.POINTS });
      throw err;
    } finally {
      await refreshPoints(qc);
    }
    notify.success('Modification effectuée', `Points offerts à ${row.CODE_CLIENT} : ${formatInteger(values.POINTS_OFFERED)}.`);
  };
  return (
    <FormDialog<In, Out>
      visible={!!row}
      mode="edit"
      titles={{ add: 'Points offerts', edit: 'Modifier les points offerts', view: 'Points offerts' }}
      schema={offerEditForm}
      defaultValues={{ CODE_CLIENT: row?.CODE_CLIENT ?? '', NAME: row?.NAME ?? '', POINTS_OFFERED: String(row?.POINTS_OFFERED ?? '') }}
      onSubmit={onSubmit}
      onHide={onHide}
      width="36rem"
    >
      <FieldGrid>
        <TextField name="CODE_CLIENT" label="Code client" disabled />
        <TextField name="NAME" label="Client" disabled />
        <NumberField name="POINTS_OFFERED" label="Points" required decimals={0} autoFocus />
      </FieldGrid>
    </FormDialog>
  );
}
