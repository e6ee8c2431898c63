import { type Circuit, type CircuitBody, circuitBody, circuitsMeta } from '@app/domain';
import { FieldGrid, formFields, TextAreaField, TextField } from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';
import { circuitColumns } from './columns';

const F = formFields<CircuitBody>()({ TextAreaField, TextField });

export default function CircuitsPage() {
  return (
    <ResourcePage<Circuit, CircuitBody, typeof circuitBody._output>
      resource={circuitsMeta}
      columns={circuitColumns}
      writeAction="classification:write"
      form={{
        schema: circuitBody,
        toValues: (row) => ({ NAME: row?.NAME ?? '', DESCRIPTION: row?.DESCRIPTION ?? '' }),
        content: (
          <FieldGrid>
            <F.TextField name="NAME" label="Nom" required maxLength={100} autoFocus />
            <F.TextAreaField name="DESCRIPTION" label="Description" maxLength={2000} />
          </FieldGrid>
        ),
      }}
    />
  );
}
