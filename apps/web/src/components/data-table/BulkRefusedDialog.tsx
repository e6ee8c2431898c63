import { type BulkResult, bulkSummary, formatInteger } from '@app/domain';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';

/**
 * The rows a bulk call refused, each with what identifies it and the reason (a wrong status move,
 * a row out of reach). The reply lists at most a few hundred: the count says how many in all.
 */
export default function BulkRefusedDialog({ result, onHide }: { result: BulkResult | null; onHide: () => void }) {
  const shown = result?.refused ?? [];
  const all = result?.refusedCount ?? 0;
  return (
    <Dialog
      visible={result !== null}
      onHide={onHide}
      header={`Lignes refusées (${formatInteger(all)})`}
      style={{ width: '40rem' }}
      breakpoints={{ '767px': '95vw' }}
      footer={<Button type="button" label="Fermer" onClick={onHide} autoFocus />}
    >
      {result && <p className="dt-bulk-summary">{bulkSummary(result)}</p>}
      <table className="dt-refused">
        <caption className="p-hidden-accessible">Lignes refusées et motifs</caption>
        <thead>
          <tr>
            <th scope="col">Ligne</th>
            <th scope="col">Motif</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.id}>
              <td>{r.label}</td>
              <td>{r.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {all > shown.length && <p className="dt-hint">Les {formatInteger(shown.length)} premières lignes refusées sont listées.</p>}
    </Dialog>
  );
}
