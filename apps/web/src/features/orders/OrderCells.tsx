import { ORDER_STATUS, type Order } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ORDER_BELL_KEY } from '../../components/bell/bells.api';
import { resourceKey } from '../../components/data-table';
import { RowSelect } from '../../components/row-select/RowSelect';
import { StatusTag } from '../../components/status';
import { notify } from '../../lib/toast';
import { ORDERS, saveOrder, useSites } from './orders.api';

const tag = (o: { value: number } | null) => (o ? <StatusTag set={ORDER_STATUS} code={o.value} /> : null);

/** After a change: the list reloads and the bell counts again. */
function useRefresh() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: resourceKey(ORDERS) }), qc.invalidateQueries({ queryKey: ORDER_BELL_KEY })]);
}

/**
 * The status select: it lists only the statuses the domain lets the order
 * move to (from Nouveau: Traitement en cours or Traité et refusé; from Traitement en cours: Traité et
 * accepté or Traité et refusé; the server refuses any other); at any other status it is disabled. The current status shows in the closed select
 * without being an option. A change saves at once; a refusal puts the old status back.
 */
export function OrderStatusCell({ order, editable }: { order: Order; editable: boolean }) {
  const refresh = useRefresh();
  const [pending, setPending] = useState<number | null>(null);
  const shown = pending ?? order.STATUS;
  const options = ORDER_STATUS.all.filter((s) => ORDER_STATUS.canMove(order.STATUS, s.code)).map((s) => ({ label: s.label, value: s.code }));
  const label = `Statut de la commande ${order.NUM_ORDER}`;

  const change = async (next: number) => {
    if (next === order.STATUS) return;
    setPending(next);
    try {
      await saveOrder(order.id, { STATUS: next });
      notify.success('Statut modifié', `${order.NUM_ORDER} : ${ORDER_STATUS.label(next)}.`);
    } catch {
      // Shown by the error catalogue; the old status comes back below.
    } finally {
      await refresh();
      setPending(null);
    }
  };

  return (
    <RowSelect
      className="status-select"
      face={tag({ value: shown })}
      label={label}
      value={shown}
      options={options}
      optionLabel="label"
      optionValue="value"
      // Not an option, the current status is drawn here; the placeholder keeps PrimeReact from hiding
      // a label that matches no option.
      valueTemplate={() => tag({ value: shown })}
      placeholder={ORDER_STATUS.label(shown)}
      itemTemplate={tag}
      onChange={(e) => void change(e.value as number)}
      disabled={!editable || pending !== null || options.length === 0}
    />
  );
}

/** The shipping site, chosen among the clients' known sites (GET clients/sites); saved at once. */
export function OrderSiteCell({ order, editable }: { order: Order; editable: boolean }) {
  const refresh = useRefresh();
  const sites = useSites(editable);
  const [pending, setPending] = useState<string | null | undefined>(undefined);
  if (!editable) return <span>{order.SITE ?? ''}</span>;
  const options = [...new Set([...(sites.data ?? []), ...(order.SITE ? [order.SITE] : [])])].map((s) => ({ label: s, value: s }));
  const label = `Site de livraison de la commande ${order.NUM_ORDER}`;
  const change = async (site: string | null) => {
    setPending(site);
    try {
      await saveOrder(order.id, { SITE: site });
      notify.success('Site modifié', `${order.NUM_ORDER} : ${site ?? 'aucun site'}.`);
    } catch {
      // The error catalogue says why; the old site comes back.
    } finally {
      await refresh();
      setPending(undefined);
    }
  };
  return (
    <RowSelect
      className="order-site-select"
      face={(pending === undefined ? order.SITE : pending) || 'Choisir…'}
      label={label}
      value={pending === undefined ? order.SITE : pending}
      options={options}
      onChange={(e) => void change((e.value as string | undefined) ?? null)}
      placeholder="Choisir…"
      filter
      showClear
      emptyMessage="Aucun site"
      emptyFilterMessage="Aucun site"
      disabled={pending !== undefined}
    />
  );
}
