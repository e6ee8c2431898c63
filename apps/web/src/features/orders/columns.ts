import { ordersMeta } from '@app/domain';
import type { Order } from '@app/domain';
import type { ReactNode } from 'react';
import { type ColumnDef, withLabels } from '../../components/data-table';

/** Cells the screen draws itself: the client (opens its dialog), the site and status selects. */
export interface OrderCells {
  client: (order: Order, field: 'CODE_CLIENT' | 'NAME_CLIENT') => ReactNode;
  site: (order: Order) => ReactNode;
  status: (order: Order) => ReactNode;
}

/** Orders list: number, client code, client name, date, destination, CDZ, shipping site, status. */
export function orderColumns(cells: OrderCells): ColumnDef<Order>[] {
  return withLabels(ordersMeta, [
    { field: 'NUM_ORDER', width: '10rem' },
    { field: 'CODE_CLIENT', kind: 'custom', width: '8rem', render: (o) => cells.client(o, 'CODE_CLIENT') },
    { field: 'NAME_CLIENT', kind: 'custom', render: (o) => cells.client(o, 'NAME_CLIENT') },
    { field: 'CREATED_AT', kind: 'datetime', width: '11rem' },
    { field: 'DESTINATION', width: '9rem' },
    { field: 'CDZ', width: '9rem' },
    { field: 'SITE', kind: 'custom', width: '11rem', render: cells.site },
    { field: 'STATUS', kind: 'custom', width: '13rem', render: cells.status },
  ]);
}
