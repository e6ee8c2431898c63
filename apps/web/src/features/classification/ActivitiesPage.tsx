import { activitiesMeta, type Activity, ACTIVITY_FLAG_LABELS, ACTIVITY_FLAGS, type ActivityBody, activityBody } from '@app/domain';
import { CheckboxField, FieldGrid, FieldRow, formFields, SelectField, TextAreaField, TextField } from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';
import { activityColumns } from './columns';

const F = formFields<ActivityBody>()({ CheckboxField, SelectField, TextAreaField, TextField });

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
            <F.TextField name="NAME" label="Nom" required maxLength={100} autoFocus />
            <F.TextField name="CODE" label="Code" required maxLength={30} />
            <F.SelectField name="CIRCUIT" label="Circuit" required source={{ path: 'clients_circuits' }} />
            <FieldRow>
              {ACTIVITY_FLAGS.map((flag) => (
                <F.CheckboxField key={flag} name={flag} label={ACTIVITY_FLAG_LABELS[flag]} />
              ))}
            </FieldRow>
            <F.TextAreaField name="DESCRIPTION" label="Description" maxLength={2000} />
          </FieldGrid>
        ),
      }}
    />
  );
}
