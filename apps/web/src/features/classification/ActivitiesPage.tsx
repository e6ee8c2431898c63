import { activitiesMeta, type Activity, ACTIVITY_FLAG_LABELS, ACTIVITY_FLAGS, type ActivityBody, activityBody } from '@app/domain';
import {
  CheckboxField as AnyCheckboxField,
  FieldGrid,
  FieldRow,
  type FormField,
  type FormSelectField,
  SelectField as AnySelectField,
  TextAreaField as AnyTextAreaField,
  TextField as AnyTextField,
} from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';
import { activityColumns } from './columns';

// The fields this form uses, typed by its values: a wrong name fails to compile.
const CheckboxField: FormField<typeof AnyCheckboxField, ActivityBody> = AnyCheckboxField;
const SelectField: FormSelectField<ActivityBody> = AnySelectField;
const TextAreaField: FormField<typeof AnyTextAreaField, ActivityBody> = AnyTextAreaField;
const TextField: FormField<typeof AnyTextField, ActivityBody> = AnyTextField;

export default function ActivitiesPage() {
  return (
    <ResourcePage<Activity, ActivityBody, typeof activityBody._output>
      resource={activitiesMeta}
      columns={activityColumns}
      writeAction="classification:write"
      form={{
        schema: activityBody,
        toValues: (row) => ({
          NAME: row?.NAME ?? '',
          CODE: row?.CODE ?? '',
          CIRCUIT: row?.CIRCUIT ?? null,
          DESCRIPTION: row?.DESCRIPTION ?? '',
          E_COMMERCE: row?.E_COMMERCE ?? 0,
          FIDELITE: row?.FIDELITE ?? 0,
          REMISE_RISTOUNE: row?.REMISE_RISTOUNE ?? 0,
        }),
        content: (
          <FieldGrid>
            <TextField name="NAME" label="Nom" required maxLength={100} autoFocus />
            <TextField name="CODE" label="Code" required maxLength={30} />
            <SelectField name="CIRCUIT" label="Circuit" required source={{ path: 'clients_circuits' }} />
            <FieldRow>
              {ACTIVITY_FLAGS.map((flag) => (
                <CheckboxField key={flag} name={flag} label={ACTIVITY_FLAG_LABELS[flag]} />
              ))}
            </FieldRow>
            <TextAreaField name="DESCRIPTION" label="Description" maxLength={2000} />
          </FieldGrid>
        ),
      }}
    />
  );
}
