import { type Circuit, type CircuitBody, circuitBody, circuitsMeta } from '@app/domain';
import { FieldGrid, type FormField, TextAreaField as AnyTextAreaField, TextField as AnyTextField } from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';
import { circuitColumns } from './columns';

// The fields this form uses, typed by its values: a wrong name fails to compile.
const TextAreaField: FormField<typeof AnyTextAreaField, CircuitBody> = AnyTextAreaField;
const TextField: FormField<typeof AnyTextField, CircuitBody> = AnyTextField;

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
            <TextField name="NAME" required autoFocus />
            <TextAreaField name="DESCRIPTION" />
          </FieldGrid>
        ),
      }}
    />
  );
}
