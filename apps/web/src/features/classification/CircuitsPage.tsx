import { type Circuit, type CircuitBody, circuitBody } from '@app/domain';
import { FieldGrid, TextAreaField, TextField } from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';
import { BY_NAME, CLASSIFICATION_PAGE_SIZE, circuitColumns } from './columns';

export default function CircuitsPage() {
  return (
    <ResourcePage<Circuit, CircuitBody, typeof circuitBody._output>
      path="clients_circuits"
      columns={circuitColumns}
      itemNoun="ce circuit"
      defaultPerPage={CLASSIFICATION_PAGE_SIZE}
      defaultSort={BY_NAME}
      writeAction="classification:write"
      form={{
        schema: circuitBody,
        titles: { add: 'Ajouter un circuit', edit: 'Modifier le circuit', view: 'Détails du circuit' },
        toValues: (row) => ({ NAME: row?.NAME ?? '', DESCRIPTION: row?.DESCRIPTION ?? '' }),
        content: (
          <FieldGrid>
            <TextField name="NAME" label="Nom" required maxLength={100} autoFocus />
            <TextAreaField name="DESCRIPTION" label="Description" maxLength={2000} />
          </FieldGrid>
        ),
      }}
    />
  );
}
