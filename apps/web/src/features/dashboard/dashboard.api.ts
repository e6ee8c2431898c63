import type {
  ConnectionRow,
  DashboardCards,
  DashboardCounts,
  DashboardDonuts,
  GiftData,
  OrderMonthRow,
  RegistrationRow,
  StatusCountRow,
  VisitorRow,
  VoucherConsumptionRow,
  VoucherStatRow,
} from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** One dashboard call, for a year or every year (undefined), kept a minute: the figures move slowly. */
export function useDashboard<T>(path: string, year?: number) {
  return useQuery({ queryKey: ['dashboard', path, year ?? 'tous'], queryFn: () => api.get<T>(path, { year }, { quiet: true }), staleTime: 60_000 });
}

export const usePointsExpiring = () => useDashboard<{ points: number; clients: number }>('dashboard/points-expiring');
/** « Passif du programme »: outstanding points and their value in millimes. */
export const usePointsLiability = () => useDashboard<{ points: number; clients: number; point_value: number; millimes: number }>('dashboard/points-liability');
export const useCounts = () => useDashboard<DashboardCounts>('dashboard/count');
export const useCards = () => useDashboard<DashboardCards & DashboardDonuts>('dashboard');
export const useRegistrations = (year?: number) => useDashboard<RegistrationRow[]>('inscriptions', year);
export const useConnections = (year?: number) => useDashboard<ConnectionRow[]>('logs/monthly', year);
export const useVoucherConsumption = (year?: number) => useDashboard<VoucherConsumptionRow[]>('voucherConsumption', year);
export const useVoucherStats = () => useDashboard<VoucherStatRow[]>('voucherStat');
export const useOrdersByMonth = (year?: number) => useDashboard<OrderMonthRow[]>('orderByMonth', year);
export const useOrdersByStatus = () => useDashboard<StatusCountRow[]>('orderByStatus');
export const useGiftPurchases = (year?: number) => useDashboard<GiftData>('giftPurshases', year);
export const useGiftActivation = (year?: number) => useDashboard<{ month: string; received: number; shipped: number }[]>('getActivities', year);
export const useVisitors = (year?: number) => useDashboard<VisitorRow[]>('visiteurs', year);
