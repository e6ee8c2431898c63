import { formatDateTime, formatMoney, ORDER_ITEMS_PAGE_SIZE, ORDER_STATUS, type OrderItem } from '@app/domain';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { StatusTag } from '../../components/status';
import { KeyValues } from '../../components/key-values';
import { useOrder, useOrderItems } from './orders.api';

/**
 * An order (the list's view action): the key/value summary, then the ordered products
 * (image, name, points, quantity), 50 per page read from the server.
 */
export function OrderDetailDialog({ orderId, onHide }: { orderId: number | null; onHide: () => void }) {
  const [page, setPage] = useState(1);
  const order = useOrder(orderId);
  const items = useOrderItems(orderId, page);
  const o = order.data;
  return (
    <Dialog
      visible={orderId != null}
      onHide={() => {
        setPage(1);
        onHide();
      }}
      header={o ? `Commande ${o.NUM_ORDER}` : 'Commande'}
      style={{ width: '60vw' }}
      breakpoints={{ '1199px': '75vw', '767px': '95vw' }}
      baseZIndex={10000}
      draggable={false}
    >
      {o && (
        <KeyValues
          rows={[
            ['N° commande', o.NUM_ORDER],
            ['Date', formatDateTime(o.CREATED_AT)],
            ['Code client', o.CODE_CLIENT],
            ['Client', o.NAME_CLIENT],
            ['Commandé par', o.USER_NAME],
            ['Adresse', o.ADDRESS],
            ['Destination', o.DESTINATION],
            ['CDZ', o.CDZ],
            ['Site de livraison', o.SITE],
            ['Statut', <StatusTag key="s" set={ORDER_STATUS} code={o.STATUS} />],
            ['Total TTC', formatMoney(o.TOTAL_NET_TTC)],
            ['Total points', String(o.TOTAL_POINTS)],
          ]}
        />
      )}
      <h2 className="ord-items-title">Produits commandés</h2>
      <DataTable
        value={items.data?.data ?? []}
        dataKey="id"
        lazy
        paginator
        rows={ORDER_ITEMS_PAGE_SIZE}
        first={(page - 1) * ORDER_ITEMS_PAGE_SIZE}
        totalRecords={items.data?.meta?.total ?? 0}
        onPage={(e) => setPage((e.page ?? 0) + 1)}
        loading={items.isFetching}
        emptyMessage="Aucun produit"
        size="small"
        className="ord-items"
      >
        <Column
          header="Image"
          style={{ width: '5rem' }}
          body={(i: OrderItem) => (i.PRODUCT.MEDIA ? <img className="dt-thumb" src={i.PRODUCT.MEDIA.original_url} alt={i.PRODUCT.LABEL} /> : null)}
        />
        <Column header="Produit" body={(i: OrderItem) => `${i.PRODUCT.REF} — ${i.PRODUCT.LABEL}`} />
        <Column header="Points" field="PRODUCT_POINTS" style={{ width: '6rem' }} />
        <Column header="Quantité demandée" field="QTE_ORDERED" style={{ width: '10rem' }} />
        <Column header="Prix unitaire TTC" body={(i: OrderItem) => formatMoney(i.UNIT_PRICE_TTC)} style={{ width: '10rem' }} />
      </DataTable>
    </Dialog>
  );
}
