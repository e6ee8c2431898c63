import { type Client, formatMoney } from '@app/domain';

const CARDS = [
  { field: 'RISTOURNE_RESTE', label: 'Reste ristourne', icon: 'pi pi-wallet' },
  { field: 'RISTOURNE_N_1', label: 'Total ristourne', icon: 'pi pi-percentage' },
  { field: 'RISTOURNE_CONSUMED', label: 'Ristourne consommée', icon: 'pi pi-check-circle' },
] as const;

/** The three rebate cards of the detail page (remaining, total, consumed; DT with three decimals). */
export function RebateCards({ client }: { client: Client }) {
  return (
    <section className="client-cards" aria-label="Ristournes">
      {CARDS.map((c) => (
        <div key={c.field} className="client-card" data-card={c.field}>
          <i className={c.icon} aria-hidden="true" />
          <div>
            <p className="client-card-label">{c.label}</p>
            <p className="client-card-value">{formatMoney(client[c.field])}</p>
          </div>
        </div>
      ))}
    </section>
  );
}
