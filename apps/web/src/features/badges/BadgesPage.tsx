import { type Badge, can, badgesMeta } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ResourceTable, resourceKey } from '../../components/data-table';
import { FieldGrid, FileField, NumberField, SwitchField, TextAreaField, TextField } from '../../components/fields';
import { FormDialog, type FormMode } from '../../components/form-dialog';
import { notify } from '../../lib/toast';
import { useSessionUser } from '../../lib/useSession';
import { type BadgeFormIn, type BadgeFormOut, badgeForm, badgeFormValues, saveBadge } from './badge-form';
import { badgeColumns } from './columns';

const PATH = 'badges';

/**
 * Gamification badges (`/layout/gamifications`): 50 rows, no drag, an active switch saved
 * at once, add / edit / view / delete. Built from the list and dialog parts rather than ResourcePage
 * because a new badge is created in one form-data call with its image (POST badges).
 */
export default function BadgesPage() {
  const qc = useQueryClient();
  const user = useSessionUser();
  const readOnly = !can(user?.role, 'badges:write');
  const [dialog, setDialog] = useState<{ visible: boolean; mode: FormMode; row: Badge | null }>({ visible: false, mode: 'add', row: null });
  const open = (mode: FormMode, row: Badge | null) => setDialog({ visible: true, mode, row });

  const onSubmit = async (values: BadgeFormOut) => {
    const before = dialog.mode === 'edit' ? dialog.row : null;
    const { imageFailed } = await saveBadge(values, before);
    await qc.invalidateQueries({ queryKey: resourceKey(PATH) });
    if (imageFailed) notify.warn('Enregistrement partiel', 'Le badge est enregistré, mais l’image n’a pas pu être envoyée.');
    else notify.success(before ? 'Modification effectuée' : 'Ajout effectué', 'Les données ont été enregistrées avec succès.');
  };

  return (
    <>
      <ResourceTable<Badge>
        resource={badgesMeta}
        columns={badgeColumns}
        readOnly={readOnly}
        onAdd={() => open('add', null)}
        onView={(row) => open('view', row)}
        onEdit={(row) => open('edit', row)}
        minWidth="60rem"
      />
      <FormDialog<BadgeFormIn, BadgeFormOut>
        visible={dialog.visible}
        mode={dialog.mode}
        titles={{ add: 'Ajouter un badge', edit: 'Modifier le badge', view: 'Détails du badge' }}
        schema={badgeForm}
        defaultValues={badgeFormValues(dialog.row)}
        onSubmit={onSubmit}
        onHide={() => setDialog((d) => ({ ...d, visible: false }))}
      >
        <FieldGrid>
          <TextField name="NAME" label="Nom" required maxLength={100} autoFocus />
          <FileField name="file" label="Image" family="image" />
          <NumberField name="BONUS_BADGE" label="Bonus badge (points)" required decimals={0} />
          <NumberField name="BONUS_EVOLUTION" label="Bonus évolution (points)" required decimals={0} />
          <NumberField name="BONUS_MAINTIEN" label="Bonus maintien (points)" required decimals={0} />
          <SwitchField name="IS_ACTIVE" label="Actif" />
          <TextAreaField name="DESCRIPTION" label="Description" maxLength={2000} />
        </FieldGrid>
      </FormDialog>
    </>
  );
}
