import { POINTS_MESSAGES, pointsEditPrompt } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { confirmDialog } from 'primereact/confirmdialog';
import { FieldGrid, TextAreaField } from '../../components/fields';
import { FormDialog } from '../../components/form-dialog';
import { notify } from '../../lib/toast';
import { type ClientPoints, clientLabel, formatPoints } from './columns';
import { addPoints, refreshPoints } from './points.api';
import { type PointsEditIn, type PointsEditOut, pointsEditForm } from './points-form';
import { SignedIntegerField } from './SignedIntegerField';

/** Resolves true on « Oui », false on « Non » or when the question is closed. */
function ask(message: string): Promise<boolean> {
  return new Promise((resolve) =>
    confirmDialog({
      header: 'Confirmation',
      message,
      icon: 'pi pi-question-circle',
      acceptLabel: 'Oui',
      rejectLabel: 'Non',
      defaultFocus: 'accept',
      accept: () => resolve(true),
      reject: () => resolve(false),
      onHide: () => resolve(false),
    }),
  );
}

/** Cancelled by the user: the dialog stays open with its values, nothing is said. */
class Cancelled extends Error {}

/**
 * The points edit: an amount (negative for a correction) and an optional reason;
 * empty or 0 is « Valeur non prise en compte » and nothing is sent; otherwise the spec's question,
 * then POST clients/{id}/points. A refused debit (a balance changed meanwhile) shows the server's
 * « Solde de points insuffisant » on the field.
 */
export function PointsEditDialog({ row, onHide }: { row: ClientPoints | null; onHide: () => void }) {
  const qc = useQueryClient();
  const balance = row?.POINTS_FID ?? 0;

  const onSubmit = async ({ POINTS, REASON }: PointsEditOut) => {
    if (!row) return;
    const prompt = pointsEditPrompt(POINTS, balance);
    if ('error' in prompt) throw new Cancelled(prompt.error);
    if (!(await ask(prompt.message))) throw new Cancelled();
    try {
      const saved = await addPoints(row.id, { POINTS, REASON: REASON || undefined });
      notify.success(POINTS_MESSAGES.added, `${clientLabel(row)} : nouveau solde ${formatPoints(saved.POINTS_FID)} points.`);
    } finally {
      await refreshPoints(qc);
    }
  };

  return (
    <FormDialog<PointsEditIn, PointsEditOut>
      visible={!!row}
      mode="edit"
      titles={{ add: 'Modifier les points', edit: 'Modifier les points', view: 'Points du client' }}
      schema={pointsEditForm(balance)}
      defaultValues={{ POINTS: '', REASON: '' }}
      onSubmit={onSubmit}
      onHide={onHide}
      width="32rem"
    >
      {row && (
        <dl className="pts-summary">
          <dt>Client</dt>
          <dd>{clientLabel(row)}</dd>
          <dt>Solde actuel</dt>
          <dd>{formatPoints(balance)} points</dd>
        </dl>
      )}
      <FieldGrid>
        <SignedIntegerField name="POINTS" label="Points à ajouter" required wide autoFocus hint="Une valeur négative retire des points (correction)." />
        <TextAreaField name="REASON" label="Motif" rows={2} maxLength={300} />
      </FieldGrid>
    </FormDialog>
  );
}
