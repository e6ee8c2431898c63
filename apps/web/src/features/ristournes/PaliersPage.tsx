import { type Activity, type Ristourne, ristourneBody, ristournesMeta } from '@app/domain';
import { FieldGrid, formFields, MinMaxWarning, NumberField, SelectField, SwitchField, TextField } from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';
import { tierColumns } from './columns';
import { type TierFormIn, type TierFormOut, tierFormValues } from './tier-form';

const F = formFields<TierFormIn>()({ NumberField, SelectField, SwitchField, TextField });

/**
 * Rebate tiers (spec 2 "Rebate tiers", `/layout/ristourne/paliers`): 50 rows, search, sort, exports
 * (PDF portrait), the active switch saved at once. A minimum above the maximum is warned about and
 * refused; an active tier overlapping another of its year and activity is refused by the server,
 * its message under CA min.
 */
export default function PaliersPage() {
  return (
    <ResourcePage<Ristourne, TierFormIn, TierFormOut>
      resource={ristournesMeta}
      columns={tierColumns}
      writeAction="ristournes:write"
      minWidth="64rem"
      form={{
        schema: ristourneBody,
        toValues: (row) => tierFormValues(row),
        content: <TierFields />,
      }}
    />
  );
}

function TierFields() {
  return (
    <FieldGrid>
      <F.NumberField name="NUM_RISTOURNE" label="N° de ristourne" required decimals={0} autoFocus />
      <F.TextField name="NAME" label="Nom du palier" required maxLength={100} />
      <F.NumberField name="YEAR" label="Année" required decimals={0} />
      <F.SelectField<Activity> name="ACTIVITE" label="Activité" source={{ path: 'clients_activities' }} placeholder="Sans activité" />
      <F.NumberField name="VAL_MIN" label="CA min (DT)" required decimals={3} />
      <F.NumberField name="VAL_MAX" label="CA max (DT)" required decimals={3} />
      <MinMaxWarning min="VAL_MIN" max="VAL_MAX" />
      <F.NumberField name="PERCENTAGE" label="Pourcentage de ristourne (%)" required decimals={3} />
      <F.NumberField name="REMISE" label="Remise (%)" required decimals={3} />
      <F.SwitchField name="IS_ACTIVE" label="Actif" />
    </FieldGrid>
  );
}
