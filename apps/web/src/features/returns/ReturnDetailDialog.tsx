import { formatInteger, type GoodsReturn, type ReturnItem, type ReturnRate, returnPointsShort } from '@app/domain';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { KeyValues } from '../../components/key-values';
import { returnDate } from './columns';
import { useReturn } from './returns.api';

/** What the ledger took back for the returned goods, and what the client's balance could not hold. */
function pointsTaken(r: GoodsReturn): string {
  if (r.POINTS_DEBITED == null) return `Aucun (retour enregistré avant la reprise des points ; ${formatInteger(r.POINTS_OWED)} pts gagnés par ces produits)`;
  const short = returnPointsShort(r);
  return short > 0
    ? `${formatInteger(r.POINTS_DEBITED)} pts sur ${formatInteger(r.POINTS_OWED)} (${formatInteger(short)} non récupérés : solde insuffisant)`
    : `${formatInteger(r.POINTS_DEBITED)} pts`;
}

/**
 * How a line's units were valued: « 2 × 15 pts (CMD-2026-00012) », the units never credited « 1 × 99 pts
 * (jamais crédités : points du jour) ».
 */
export const lineRate = (r: ReturnRate) =>
  `${formatInteger(r.QTE)} × ${formatInteger(r.POINTS)} pts (${r.CREDITED ? (r.NUM_ORDER ?? 'commande supprimée') : 'jamais crédités : points du jour'})`;

/** Units of the return beyond everything the client was ever credited for those products. */
const uncredited = (r: GoodsReturn) => r.ITEMS.flatMap((i) => i.RATES).reduce((n, rate) => n + (rate.CREDITED ? 0 : rate.QTE), 0);

const uncreditedRow = (n: number): [string, string] => [
  'Unités jamais créditées',
  `${formatInteger(n)}, comptées aux points du produit du jour du retour (aucune commande créditée ne les couvre)`,
];

/** A line's points, then how its units were valued, one rate per line. */
function LinePoints({ item }: { item: ReturnItem }) {
  return (
    <>
      <span className="ret-points-total">{formatInteger(item.POINTS)} pts</span>
      {/* One rate per line (white-space: pre-line). */}
      <span className="ret-rate">{item.RATES.map(lineRate).join('\n')}</span>
    </>
  );
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
              ...(uncredited(r) > 0 ? [uncreditedRow(uncredited(r))] : []),
            ]}
          />
          <DataTable
            value={r.ITEMS}
            dataKey="id"
            size="small"
            emptyMessage="Aucun produit"
            className="ret-items"
            // On a phone the lines scroll sideways: the scrolling region takes the focus (keyboard reach).
            pt={{ wrapper: { tabIndex: 0, role: 'region', 'aria-label': 'Produits retournés' } }}
          >
            <Column
              header="Image"
              style={{ width: '5rem' }}
              body={(i: ReturnItem) => (i.MEDIA ? <img className="dt-thumb" src={i.MEDIA.original_url} alt={i.PRODUCT_NAME} /> : null)}
            />
            <Column header="Désignation" body={(i: ReturnItem) => `${i.PRODUCT_REF} — ${i.PRODUCT_NAME}`} />
            <Column header="Quantité" field="QTE" style={{ width: '7rem' }} />
            <Column header="UV" body={(i: ReturnItem) => i.UV ?? ''} style={{ width: '7rem' }} />
            <Column header="Points repris" className="ret-points" body={(i: ReturnItem) => (r.POINTS_DEBITED == null ? '' : <LinePoints item={i} />)} />
          </DataTable>
        </>
      )}
    </Dialog>
  );
}
