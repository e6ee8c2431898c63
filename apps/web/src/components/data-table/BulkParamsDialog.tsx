import type { BulkAction, StatusSet, ZoneChief } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { api } from '../../lib/api';
import { FieldGrid, NumberField, type Option, SelectField, TextAreaField, TextField } from '../fields';
import { FormDialog } from '../form-dialog';

export interface BulkParamsDialogProps {
  /** The action whose params are asked; null closes the dialog. */
  action: BulkAction | null;
  statusSet?: StatusSet;
  /** Confirms and runs the action; a BulkCancelled (« Non ») keeps the form open. */
  onSubmit: (params: Record<string, unknown>) => Promise<void>;
  onHide: () => void;
}

const chiefLabel = (c: ZoneChief) => [c.CODE_CHEF_ZONE, c.username].filter(Boolean).join(' – ');
/** The clients' known shipping sites, cached under the key the orders screen uses (GET clients/sites). */
const useSiteOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['clients', 'sites'],
    queryFn: () => api.get<string[]>('clients/sites'),
    staleTime: 300_000,
    enabled,
    select: (sites): Option[] => sites.map((s) => ({ label: s, value: s })),
  });

/**
 * The params a bulk action takes, as a small form checked by the action's own schema (the one the
 * API applies). Each param the domain declares has its field here, by name.
 */
export default function BulkParamsDialog({ action, statusSet, onSubmit, onHide }: BulkParamsDialogProps) {
  const names = Object.keys(action?.params ?? {});
  const sites = useSiteOptions(names.includes('SITE'));
  const statusOptions = (statusSet?.all ?? []).map((s) => ({ label: s.label, value: s.code }));

  const field = (name: string): ReactNode => {
    switch (name) {
      case 'STATUS':
        return <SelectField key={name} name={name} label="Statut" required options={statusOptions} filter={false} />;
      case 'CHEF_ZONE_ID':
        return (
          <SelectField<ZoneChief>
            key={name}
            name={name}
            label="Chef de zone"
            hint="Vide : les clients n’ont plus de chef de zone."
            source={{ path: 'chef-zone', label: chiefLabel, query: { sort: 'LASTNAME' } }}
          />
        );
      case 'BADGES_ID':
        return <SelectField key={name} name={name} label="Badge" required source={{ path: 'badges' }} />;
      case 'points':
        return <NumberField key={name} name={name} label="Points offerts" required decimals={0} />;
      case 'reason':
        return <TextAreaField key={name} name={name} label="Motif" required maxLength={300} />;
      case 'SITE':
        return <SelectField key={name} name={name} label="Site d’expédition" options={sites.data ?? []} />;
      case 'template_key':
        return <SelectField key={name} name={name} label="Modèle d’e-mail" required source={{ path: 'templating/email', label: 'NOM_DU_MODÈLE' }} />;
      default:
        return <TextField key={name} name={name} label={name} required />;
    }
  };

  const title = action?.label ?? '';
  return (
    <FormDialog<Record<string, unknown>, Record<string, unknown>>
      visible={action !== null}
      mode="add"
      titles={{ add: title, edit: title, view: title }}
      schema={z.object(action?.params ?? {}) as unknown as z.ZodType<Record<string, unknown>, Record<string, unknown>>}
      defaultValues={Object.fromEntries(names.map((n) => [n, null]))}
      // « Non » in the confirmation throws BulkCancelled: FormDialog stays open with the values.
      onSubmit={onSubmit}
      onHide={onHide}
      width="32rem"
    >
      <FieldGrid>{names.map(field)}</FieldGrid>
    </FormDialog>
  );
}
