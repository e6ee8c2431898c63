import { formatInteger, formatMoney, hrefFor } from '@app/domain';
import { Link } from 'react-router';
import { useCards, useCounts, usePointsExpiring, usePointsLiability } from './dashboard.api';
import { ConnectionsChart, GiftActivationChart, OrdersByMonthChart, RegistrationsChart, VisitorsChart, VoucherConsumptionChart } from './MonthlyCharts';
import { Donuts, GiftRequestsChart, OrdersByStatusChart, VoucherSummary } from './StatusCharts';
import './dashboard.css';

const TILES = [
  { key: 'users', label: 'Utilisateurs', to: hrefFor('users'), icon: 'pi pi-user' },
  { key: 'clients', label: 'Clients', to: hrefFor('clients'), icon: 'pi pi-briefcase' },
  { key: 'products', label: 'Produits', to: hrefFor('products'), icon: 'pi pi-box' },
  { key: 'orders', label: 'Commandes', to: hrefFor('orders'), icon: 'pi pi-shopping-cart' },
] as const;
const CARDS = [
  { key: 'clients_actifs', label: 'Clients actifs' },
  { key: 'users_registred', label: "Inscrits à l'application" },
  { key: 'users_actifs_60', label: 'Actifs sur 60 jours' },
  { key: 'users_actifs_30', label: 'Actifs sur 30 jours' },
] as const;

/**
 * Tableau de bord (`/layout/dashboard`): four tiles to the lists,
 * the app's cards, and one widget per chart, each reading its own call (with its year when it has a
 * selector). Zone chiefs and the warehouse are sent elsewhere by the guard.
 */
export default function DashboardPage() {
  const counts = useCounts().data;
  const cards = useCards().data;
  const expiring = usePointsExpiring().data;
  const liability = usePointsLiability().data;
  return (
    <div className="dash">
      <nav className="dash-tiles" aria-label="Listes">
        {TILES.map((t) => (
          <Link key={t.key} to={t.to} className="card dash-tile">
            <i className={t.icon} aria-hidden />
            <span className="dash-tile-label">{t.label}</span>
            <strong className="dash-tile-value">{counts ? formatInteger(counts[t.key]) : '…'}</strong>
          </Link>
        ))}
      </nav>
      <section className="dash-cards" aria-label="Application mobile">
        {CARDS.map((c) => (
          <div key={c.key} className="card dash-stat">
            <span>{c.label}</span>
            <strong>{cards ? formatInteger(cards[c.key]) : '…'}</strong>
          </div>
        ))}
      </section>
      <section className="dash-cards" aria-label="Fidélité">
        <Link to={hrefFor('points')} className="card dash-stat" data-testid="dash-points-expiring">
          <span>Points expirant sous 30 jours</span>
          <strong>{expiring ? formatInteger(expiring.points) : '…'}</strong>
          <small className="muted">{expiring ? `${formatInteger(expiring.clients)} client(s)` : ''}</small>
        </Link>
        <Link to={hrefFor('ledger')} className="card dash-stat" data-testid="dash-points-liability">
          <span>Passif du programme</span>
          <strong>{liability ? `${formatInteger(liability.points)} points` : '…'}</strong>
          <small className="muted">
            {liability ? (liability.point_value > 0 ? formatMoney(liability.millimes / 1000) : 'Valeur du point non définie') : ''}
            {liability ? ` · ${formatInteger(liability.clients)} client(s)` : ''}
          </small>
        </Link>
      </section>
      <div className="dash-grid">
        <RegistrationsChart />
        <ConnectionsChart />
        <VoucherConsumptionChart />
        <VoucherSummary />
        <OrdersByMonthChart />
        <OrdersByStatusChart />
        <GiftRequestsChart />
        <GiftActivationChart />
        <Donuts />
        <VisitorsChart />
      </div>
    </div>
  );
}
