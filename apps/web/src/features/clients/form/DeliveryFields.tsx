import { CLIENT_STATUS, GOVERNORATES } from '@app/domain';
import { FieldGrid, NumberField, PhoneField, SelectField, TextField } from '../../../components/fields';
import type { ClientFieldsProps } from './IdentityFields';

const GOVERNORATE_OPTIONS = GOVERNORATES.map((g) => ({ label: g, value: g }));
const STATUS_OPTIONS = CLIENT_STATUS.all.map((s) => ({ label: s.label, value: s.code }));

/** Step 3: delivery and the client's status. */
export function DeliveryFields({ required }: ClientFieldsProps) {
  const req = (f: string) => required.has(f);
  const text = (name: string, label: string, max = 100) => <TextField name={name} label={label} required={req(name)} maxLength={max} />;
  return (
    <FieldGrid>
      <SelectField name="GOUVERNORAT" label="Gouvernorat" required={req('GOUVERNORAT')} options={GOVERNORATE_OPTIONS} />
      {text('REGION', 'Région')}
      {text('CITY', 'Ville')}
      {text('POSTAL_CODE', 'Code postal', 10)}
      {text('DESTINATION', 'Destination')}
      <PhoneField name="FAX" label="Fax" required={req('FAX')} hint="8 caractères : chiffres ou +." />
      <NumberField name="Latitude" label="Latitude" required={req('Latitude')} decimals={6} />
      <NumberField name="Longitude" label="Longitude" required={req('Longitude')} decimals={6} />
      <TextField name="ADD_LIVRAISON" label="Adresse de livraison" required={req('ADD_LIVRAISON')} maxLength={255} wide />
      {text('MODE_LIVRAISON', 'Mode de livraison')}
      <NumberField name="DELAI_LIVRAISON" label="Délai de livraison (jours)" required={req('DELAI_LIVRAISON')} decimals={0} />
      {text('SITE', 'Site')}
      <SelectField name="STATUS" label="Statut" required={req('STATUS')} options={STATUS_OPTIONS} filter={false} />
    </FieldGrid>
  );
}
