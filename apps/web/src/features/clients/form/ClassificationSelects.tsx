import { useFormContext, useWatch } from 'react-hook-form';
import { type Option, SelectField } from '../../../components/fields';
import { useClassification } from '../clients.api';

/**
 * The children of the chosen parent; a stored value outside them (an ERP client whose circuit and
 * activity disagree) stays listed so it shows.
 */
function childOptions<Row extends { id: number; NAME: string }>(
  rows: Row[] | undefined,
  parentOf: (r: Row) => number,
  parent: unknown,
  current: unknown,
): Option[] {
  const list = (rows ?? []).filter((r) => (parent != null && parentOf(r) === parent) || r.id === current);
  return list.map((r) => ({ label: r.NAME, value: r.id }));
}

/**
 * CIRCUIT → ACTIVITE → CATEGORY: activities of the chosen circuit, categories of the chosen
 * activity; picking another parent clears the children.
 */
export function ClassificationSelects({ required }: { required: ReadonlySet<string> }) {
  const { setValue, control } = useFormContext();
  const [circuit, activity, category] = useWatch({ control, name: ['CIRCUIT', 'ACTIVITE', 'CATEGORY'] });
  const circuits = useClassification('clients_circuits');
  const activities = useClassification('clients_activities');
  const categories = useClassification('clients_categories');
  const clear = (...names: string[]) => {
    for (const n of names) setValue(n, null, { shouldDirty: true, shouldValidate: false });
  };
  const activityOptions = childOptions(activities.data, (a) => a.CIRCUIT, circuit, activity);
  const categoryOptions = childOptions(categories.data, (c) => c.ACTIVITE, activity, category);
  return (
    <>
      <SelectField
        name="CIRCUIT"
        label="Circuit"
        required={required.has('CIRCUIT')}
        options={(circuits.data ?? []).map((c) => ({ label: c.NAME, value: c.id }))}
        placeholder={circuits.isLoading ? 'Chargement…' : undefined}
        onValueChange={() => clear('ACTIVITE', 'CATEGORY')}
      />
      <SelectField
        name="ACTIVITE"
        label="Activité"
        required={required.has('ACTIVITE')}
        options={activityOptions}
        placeholder={circuit == null ? 'Choisissez d’abord un circuit' : undefined}
        onValueChange={() => clear('CATEGORY')}
      />
      <SelectField
        name="CATEGORY"
        label="Catégorie"
        required={required.has('CATEGORY')}
        options={categoryOptions}
        placeholder={activity == null ? 'Choisissez d’abord une activité' : undefined}
      />
    </>
  );
}
