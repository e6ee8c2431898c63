import { type Activity, type Ristourne, ristourneBody, ristournesMeta } from '@app/domain';
import {
  FieldGrid,
  type FormField,
  type FormSelectField,
  MinMaxWarning,
  NumberField as AnyNumberField,
  SelectField as AnySelectField,
  SwitchField as AnySwitchField,
  TextField as AnyTextField,
} from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';
import { tierColumns } from './columns';
import { type TierFormIn, type TierFormOut, tierFormValues } from './tier-form';

// The fields this form uses, typed by its values: a wrong name fails to compile.
const NumberField: FormField<typeof AnyNumberField, TierFormIn> = AnyNumberField;
const SelectField: FormSelectField<TierFormIn> = AnySelectField;
const SwitchField: FormField<typeof AnySwitchField, TierFormIn> = AnySwitchField;
const TextField: FormField<typeof AnyTextField, TierFormIn> = AnyTextField;

/**
 * Rebate tiers (`/layout/ristourne/paliers`): 50 rows, search, sort, exports
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
      <NumberField name="NUM_RISTOURNE" label="N° de ristourne" required decimals={0} autoFocus />
      <TextField name="NAME" label="Nom du palier" required maxLength={100} />
      <NumberField name="YEAR" label="Année" required decimals={0} />
      <SelectField<Activity> name="ACTIVITE" label="Activité" source={{ path: 'clients_activities' }} placeholder="Sans activité" />
      <NumberField name="VAL_MIN" label="CA min (DT)" required decimals={3} />
      <NumberField name="VAL_MAX" label="CA max (DT)" required decimals={3} />
      <MinMaxWarning min="VAL_MIN" max="VAL_MAX" />
      <NumberField name="PERCENTAGE" label="Pourcentage de ristourne (%)" required decimals={3} />
      <NumberField name="REMISE" label="Remise (%)" required decimals={3} />
      <SwitchField name="IS_ACTIVE" label="Actif" />
    </FieldGrid>
  );
}
