import { canChangeBadge, type ZoneChief } from '@app/domain';
import { FieldGrid, FileField, PhoneField, SelectField, SwitchField, TextField } from '../../../components/fields';
import { useSessionUser } from '../../../lib/useSession';
import { ClassificationSelects } from './ClassificationSelects';

export interface ClientFieldsProps {
  /** Fields marked required (the add dialog's list, or the edit's light one). */
  required: ReadonlySet<string>;
  /** A zone chief's clients are his: no chief select for him (the server keeps them his anyway). */
  showChefZone?: boolean;
}

const chiefLabel = (c: ZoneChief) => [c.CODE_CHEF_ZONE, c.username].filter(Boolean).join(' – ');

/** Step 1: identity, classification, badge, zone chief, active flag, image. */
export function IdentityFields({ required, showChefZone = true }: ClientFieldsProps) {
  const req = (f: string) => required.has(f);
  // A badge credits points: only a role that writes points changes it (the server refuses the others).
  const badgeReadOnly = !canChangeBadge(useSessionUser()?.role);
  return (
    <FieldGrid>
      <TextField name="CODE_CLIENT" label="Code client" required={req('CODE_CLIENT')} maxLength={30} />
      <TextField name="NAME" label="Raison sociale" required={req('NAME')} maxLength={150} />
      <TextField name="TVA" label="Matricule fiscal (TVA)" required={req('TVA')} maxLength={50} />
      <TextField name="RNE" label="RNE" required={req('RNE')} maxLength={50} />
      <TextField name="PATENT" label="Patente" required={req('PATENT')} maxLength={50} />
      <PhoneField name="GSM" label="GSM" required={req('GSM')} hint="8 caractères : chiffres ou +." />
      <TextField name="ADDRESS" label="Adresse" required={req('ADDRESS')} maxLength={255} wide />
      <SelectField name="TYPE_CLIENT_ID" label="Type de client" required={req('TYPE_CLIENT_ID')} source={{ path: 'typeclients' }} />
      <ClassificationSelects required={required} />
      <SelectField
        name="BADGES_ID"
        label="Badge"
        required={req('BADGES_ID')}
        source={{ path: 'badges' }}
        disabled={badgeReadOnly}
        placeholder={badgeReadOnly ? 'Aucun badge' : undefined}
        hint={badgeReadOnly ? 'Un badge crédite des points : seul un administrateur le change.' : undefined}
      />
      {showChefZone && (
        <SelectField<ZoneChief>
          name="CHEF_ZONE_ID"
          label="Chef de zone"
          required={req('CHEF_ZONE_ID')}
          source={{ path: 'chef-zone', label: chiefLabel, query: { sort: 'LASTNAME' } }}
        />
      )}
      <SwitchField name="IS_ACTIVE" label="Actif" />
      <FileField name="file" label="Image" family="image" wide />
    </FieldGrid>
  );
}
