/** The client's vouchers: none until the rewards issue issues them, so the empty state. */
export function VouchersTab() {
  return (
    <div className="client-empty">
      <i className="pi pi-ticket" aria-hidden="true" />
      <p>Aucun bon d'achat pour ce client.</p>
    </div>
  );
}
