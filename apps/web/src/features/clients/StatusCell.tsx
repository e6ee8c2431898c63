import { CLIENT_STATUS, type Client } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { resourceKey } from '../../components/data-table';
import { RowSelect } from '../../components/row-select/RowSelect';
import { notify } from '../../lib/toast';
import { CLIENTS, saveStatus } from './clients.api';

/** The status as a tag in its colour (En cours orange, Validé vert, Refusé rouge). */
export function StatusTag({ code }: { code: number }) {
  const def = CLIENT_STATUS.of(code);
  return (
    <span className="client-status" style={{ background: def?.color ?? '#4b5563' }} data-status={code}>
      {CLIENT_STATUS.label(code)}
    </span>
  );
}

const OPTIONS = CLIENT_STATUS.all.map((s) => ({ label: s.label, value: s.code }));
const option = (o: { value: number } | null) => (o ? <StatusTag code={o.value} /> : null);

/**
 * The status changed from the list: the new one shows at once, the call saves it; a refusal puts
 * the old one back (the error catalogue says why), and the list reloads either way.
 */
export function StatusCell({ client, editable }: { client: Client; editable: boolean }) {
  const qc = useQueryClient();
  const [pending, setPending] = useState<number | null>(null);
  const shown = pending ?? client.STATUS;
  if (!editable) return <StatusTag code={client.STATUS} />;

  const change = async (next: number) => {
    if (next === client.STATUS) return;
    setPending(next);
    try {
      await saveStatus(client.id, next);
      notify.success('Statut modifié', `${client.CODE_CLIENT} : ${CLIENT_STATUS.label(next)}.`);
    } catch {
      // Shown by the error catalogue; the old status comes back below.
    } finally {
      await qc.invalidateQueries({ queryKey: resourceKey(CLIENTS) });
      setPending(null);
    }
  };

  const label = `Statut du client ${client.CODE_CLIENT}`;
  return (
    <RowSelect
      className="client-status-select"
      face={option({ value: shown })}
      label={label}
      value={shown}
      options={OPTIONS}
      optionLabel="label"
      optionValue="value"
      valueTemplate={option}
      itemTemplate={option}
      onChange={(e) => void change(e.value as number)}
      disabled={pending !== null}
    />
  );
}
