import { type GoodsReturn, type ReturnItem, returnPointsShort } from '@app/domain';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { KeyValues } from '../../components/key-values';
import { returnDate } from './columns';
import { useReturn } from './returns.api';

/** What the ledger took back for the returned goods, and what the client's balance could not hold. */
function pointsTaken(r: GoodsReturn): string {
  if (r.POINTS_DEBITED == null) return `Aucun (retour enregistré avant la reprise des points ; ${r.POINTS_OWED} pts gagnés par ces produits)`;
  const short = returnPointsShort(r);
  return short > 0 ? `${r.POINTS_DEBITED} pts sur ${r.POINTS_OWED} (${short} non récupérés : solde insuffisant)` : `${r.POINTS_DEBITED} pts`;
}

/** A return's header fields and its products (image, designation, quantity, UV). */
export function ReturnDetailDialog({ returnId, onHide }: { returnId: number | null; onHide: () => void }) {
  const ret = useReturn(returnId);
  const r = ret.data;
  return (
    <Dialog
      visible={returnId != null}
      onHide={onHide}
      header={r ? `Retour ${r.NUM_RETOUR}` : 'Retour'}
      style={{ width: '55vw' }}
      breakpoints={{ '1199px': '75vw', '767px': '95vw' }}
      baseZIndex={10000}
      draggable={false}
    >
      {r && (
        <>
          <KeyValues
            rows={[
              ['N° retour', r.NUM_RETOUR],
              ['Date', returnDate(r.CREATED_AT)],
              ['Client', `${r.CODE_CLIENT} — ${r.CLIENT_NAME}`],
              ['Adresse', r.ADDRESS],
              ['Points repris', pointsTaken(r)],
            ]}
          />
          <DataTable value={r.ITEMS} dataKey="id" size="small" emptyMessage="Aucun produit" className="ret-items">
            <Column header="Image" style={{ width: '5rem' }} body={(i: ReturnItem) => (i.MEDIA ? <img className="dt-thumb" src={i.MEDIA.original_url} alt={i.PRODUCT_NAME} /> : null)} />
            <Column header="Désignation" body={(i: ReturnItem) => `${i.PRODUCT_REF} — ${i.PRODUCT_NAME}`} />
            <Column header="Quantité" field="QTE" style={{ width: '7rem' }} />
            <Column header="UV" body={(i: ReturnItem) => i.UV ?? ''} style={{ width: '7rem' }} />
          </DataTable>
        </>
      )}
    </Dialog>
  );
}
