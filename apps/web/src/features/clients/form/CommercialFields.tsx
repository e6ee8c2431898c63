import { FieldGrid, NumberField, TextAreaField, TextField } from '../../../components/fields';
import type { ClientFieldsProps } from './IdentityFields';

/** Step 2: commercial terms. */
export function CommercialFields({ required }: ClientFieldsProps) {
  const req = (f: string) => required.has(f);
  const text = (name: string, label: string, max = 50) => <TextField name={name} label={label} required={req(name)} maxLength={max} />;
  return (
    <FieldGrid>
      {text('NUM_SIRET', 'N° SIRET')}
      {text('CODE_COMPTABLE', 'Code comptable')}
      {text('C_FACTURE', 'Client facturé')}
      {text('C_PAYEUR', 'Client payeur')}
      {text('C_GROUP', 'Groupe client')}
      {text('C_RISQUE', 'Risque client')}
      {text('TAXE', 'Taxe')}
      <NumberField name="PERCENTAGE" label="Pourcentage (%)" required={req('PERCENTAGE')} />
      {text('PAIEMENT', 'Mode de paiement', 100)}
      {text('REGLEMENT', 'Règlement', 100)}
      <NumberField name="DELAI_RECUPERATION" label="Délai de récupération (jours)" required={req('DELAI_RECUPERATION')} decimals={0} />
      {text('SECTION', 'Section')}
      <NumberField name="ENCOURS_COMMERCIAL" label="Encours commercial (DT)" required={req('ENCOURS_COMMERCIAL')} />
      <NumberField name="ENCOURS_AUTORISE" label="Encours autorisé (DT)" required={req('ENCOURS_AUTORISE')} />
      {text('REPRESENTANT_1', 'Représentant 1', 100)}
      {text('REPRESENTANT_2', 'Représentant 2', 100)}
      <TextAreaField name="OBSERVATIONS" label="Observations" required={req('OBSERVATIONS')} maxLength={2000} />
    </FieldGrid>
  );
}
