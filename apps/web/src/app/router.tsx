import { hrefFor, SCREENS, type Screen, type ScreenKey, SIGN_IN_PATH } from '@app/domain';
import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import SignInPage from '../features/auth/SignInPage';
import { Guard } from './Guard';
import { LandingRedirect } from './LandingRedirect';
import { NotFoundPage } from '../components/NotFoundPage';
import { RootShell } from './RootShell';

// Everything but sign-in loads on demand, the protected shell included: the sign-in screen has a
// JavaScript budget (scripts/bundle-budget.mjs reads these lazy imports to measure each route).
const Layout = lazy(() => import('./layout/Layout').then((m) => ({ default: m.Layout })));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const CguPage = lazy(() => import('../features/public/CguPage'));
const InvitationPage = lazy(() => import('../features/invitation/InvitationPage'));
const TemplatesPage = lazy(() => import('../features/templates/TemplatesPage'));
const ClientTypesPage = lazy(() => import('../features/classification/ClientTypesPage'));
const CircuitsPage = lazy(() => import('../features/classification/CircuitsPage'));
const ActivitiesPage = lazy(() => import('../features/classification/ActivitiesPage'));
const CategoriesPage = lazy(() => import('../features/classification/CategoriesPage'));
const BadgesPage = lazy(() => import('../features/badges/BadgesPage'));
const BackOfficeUsersPage = lazy(() => import('../features/staff/BackOfficeUsersPage'));
const ChefZonePage = lazy(() => import('../features/staff/ChefZonePage'));
const UsersPage = lazy(() => import('../features/users/UsersPage'));
const ClientsPage = lazy(() => import('../features/clients/ClientsPage'));
const ClientDetailPage = lazy(() => import('../features/clients/detail/ClientDetailPage'));
const PointsPage = lazy(() => import('../features/points/PointsPage'));
const OfferedPointsPage = lazy(() => import('../features/points/OfferedPointsPage'));
const ProductCategoriesPage = lazy(() => import('../features/catalogue/CategoriesPage'));
const RangesPage = lazy(() => import('../features/catalogue/RangesPage'));
const TarifsPage = lazy(() => import('../features/catalogue/TarifsPage'));
const ProductsPage = lazy(() => import('../features/products/ProductsPage'));
const OrdersPage = lazy(() => import('../features/orders/OrdersPage'));
const ReturnsPage = lazy(() => import('../features/returns/ReturnsPage'));
const GiftsPage = lazy(() => import('../features/gifts/GiftsPage'));
const StarterGiftsPage = lazy(() => import('../features/gifts/StarterGiftsPage'));
const VouchersListPage = lazy(() => import('../features/vouchers-list/VouchersListPage'));
const CouponsPage = lazy(() => import('../features/coupons/CouponsPage'));
const PaliersPage = lazy(() => import('../features/ristournes/PaliersPage'));
const SegmentationPage = lazy(() => import('../features/ristournes/SegmentationPage'));
const ConversionsPage = lazy(() => import('../features/conversions/ConversionsPage'));
const VouchersPage = lazy(() => import('../features/vouchers/VouchersPage'));
const GenerateVouchersPage = lazy(() => import('../features/rebate-generation/GenerateVouchersPage'));
const SectionEditorPage = lazy(() => import('../features/site/SectionEditorPage'));
const BlocksPage = lazy(() => import('../features/site/BlocksPage'));
const LogsPage = lazy(() => import('../features/logs/LogsPage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const FluxPage = lazy(() => import('../features/flux/FluxPage'));
const BannerPage = lazy(() => import('../features/site-settings/BannerPage'));
const CompanyPage = lazy(() => import('../features/site-settings/CompanyPage'));
const ProgrammePage = lazy(() => import('../features/site-settings/ProgrammePage'));
const LedgerPage = lazy(() => import('../features/ledger/LedgerPage'));
const AuditPage = lazy(() => import('../features/logs/AuditPage'));
const ServicesByTypePage = lazy(() => import('../features/showcase/ServicesPage').then((m) => ({ default: m.ServicesByTypePage })));
const HomeServicesPage = lazy(() => import('../features/showcase/ServicesPage').then((m) => ({ default: m.HomeServicesPage })));
const ToolsPage = lazy(() => import('../features/showcase/ToolsPage'));
const GalleryPage = lazy(() => import('../features/showcase/GalleryPage'));
const ContactRequestsPage = lazy(() => import('../features/showcase/ContactRequestsPage'));
const SyncPage = lazy(() => import('../features/sync/SyncPage'));
const WebhooksPage = lazy(() => import('../features/webhooks/WebhooksPage'));

/** Each registry screen's component (the screens themselves, path and rights, are in @app/domain's SCREENS). */
const SCREEN_COMPONENTS: Record<ScreenKey, ComponentType> = {
  dashboard: DashboardPage,
  users: UsersPage,
  clients: ClientsPage,
  'client-detail': ClientDetailPage,
  products: ProductsPage,
  categories: ProductCategoriesPage,
  gammes: RangesPage,
  tarifs: TarifsPage,
  points: PointsPage,
  orders: OrdersPage,
  returns: ReturnsPage,
  gifts: GiftsPage,
  'gift-conversions': ConversionsPage,
  'offered-points': OfferedPointsPage,
  'starter-gifts': StarterGiftsPage,
  'starter-gift-conversions': ConversionsPage,
  'vouchers-list': VouchersListPage,
  vouchers: VouchersPage,
  'generer-vouchers': GenerateVouchersPage,
  paliers: PaliersPage,
  segmentation: SegmentationPage,
  gamifications: BadgesPage,
  coupons: CouponsPage,
  templates: TemplatesPage,
  gallery: GalleryPage,
  'prises-contacts': ContactRequestsPage,
  flux: FluxPage,
  profile: ProfilePage,
  'users-backoffice': BackOfficeUsersPage,
  'chef-zone': ChefZonePage,
  'type-client': ClientTypesPage,
  'circuit-client': CircuitsPage,
  'activity-client': ActivitiesPage,
  'category-client': CategoriesPage,
  banner: BannerPage,
  company: CompanyPage,
  programme: ProgrammePage,
  ledger: LedgerPage,
  'sync-data': SyncPage,
  webhooks: WebhooksPage,
  'site-section': SectionEditorPage,
  'site-sections': SectionEditorPage,
  'site-blocks': BlocksPage,
  'site-services-by-type': ServicesByTypePage,
  'site-services': HomeServicesPage,
  'site-tools': ToolsPage,
  logs: LogsPage,
  audit: AuditPage,
};

/** The protected area's routes: the landing, one route per registry screen, the tiers' parent address, not found. */
const layoutRoutes: RouteObject[] = [
  { index: true, element: <LandingRedirect /> },
  ...SCREENS.map((s: Screen): RouteObject => ({ path: s.route, Component: SCREEN_COMPONENTS[s.key as ScreenKey], handle: { title: s.title } })),
  // The rebates' parent address opens the tiers.
  { path: 'ristourne', element: <Navigate to={hrefFor('paliers')} replace /> },
  { path: '*', element: <NotFoundPage />, handle: { title: 'Page introuvable' } },
];

/** The app's routes. A new screen goes into @app/domain's SCREENS and SCREEN_COMPONENTS above. */
export const router = createBrowserRouter([
  {
    element: <RootShell />,
    children: [
      { path: '/', element: <SignInPage /> },
      { path: '/cgu_cgv', element: <CguPage /> },
      { path: '/invitation', element: <InvitationPage /> },
      {
        path: '/layout',
        element: (
          <Guard>
            <Layout />
          </Guard>
        ),
        children: layoutRoutes,
      },
      { path: '*', element: <Navigate to={SIGN_IN_PATH} replace /> },
    ],
  },
]);
