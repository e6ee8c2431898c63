import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import SignInPage from '../features/auth/SignInPage';
import { Guard } from './Guard';
import { LandingRedirect } from './LandingRedirect';
import { NotFoundPage } from './NotFoundPage';
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
const AuditPage = lazy(() => import('../features/logs/AuditPage'));
const ServicesByTypePage = lazy(() => import('../features/showcase/ServicesPage').then((m) => ({ default: m.ServicesByTypePage })));
const HomeServicesPage = lazy(() => import('../features/showcase/ServicesPage').then((m) => ({ default: m.HomeServicesPage })));
const ToolsPage = lazy(() => import('../features/showcase/ToolsPage'));
const GalleryPage = lazy(() => import('../features/showcase/GalleryPage'));
const ContactRequestsPage = lazy(() => import('../features/showcase/ContactRequestsPage'));
const SyncPage = lazy(() => import('../features/sync/SyncPage'));

/** Routes of spec 1 §2. A new screen also goes into IMPLEMENTED_PATHS (routes.tsx). */
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
        children: [
          { index: true, element: <LandingRedirect /> },
          { path: 'settings/profile', element: <ProfilePage /> },
          { path: 'contacts/users', element: <UsersPage /> },
          { path: 'contacts/clients', element: <ClientsPage /> },
          { path: 'contacts/detail-client', element: <ClientDetailPage />, handle: { title: 'Contacts / Détail client' } },
          { path: 'templates/:type', element: <TemplatesPage /> },
          { path: 'settings/users_backoffice', element: <BackOfficeUsersPage /> },
          { path: 'settings/chef-zone', element: <ChefZonePage /> },
          { path: 'settings/type-client', element: <ClientTypesPage /> },
          { path: 'settings/circuit-client', element: <CircuitsPage /> },
          { path: 'settings/activity-client', element: <ActivitiesPage /> },
          { path: 'settings/category-client', element: <CategoriesPage /> },
          { path: 'gamifications', element: <BadgesPage /> },
          { path: 'points', element: <PointsPage /> },
          { path: 'offered-points', element: <OfferedPointsPage /> },
          { path: 'products', element: <ProductsPage /> },
          { path: 'orders', element: <OrdersPage /> },
          { path: 'retour-marchandises', element: <ReturnsPage /> },
          { path: 'categories', element: <ProductCategoriesPage /> },
          { path: 'gammes', element: <RangesPage /> },
          { path: 'tarifs', element: <TarifsPage /> },
          { path: 'gifts', element: <GiftsPage /> },
          { path: 'starter_gifts', element: <StarterGiftsPage /> },
          { path: 'vouchers-list', element: <VouchersListPage /> },
          { path: 'coupons', element: <CouponsPage /> },
          // Spec 2: a parent route hosting only child routes (its own address opens the tiers).
          {
            path: 'ristourne',
            children: [
              { index: true, element: <Navigate to="paliers" replace /> },
              { path: 'paliers', element: <PaliersPage /> },
              { path: 'segmentation', element: <SegmentationPage /> },
            ],
          },
          { path: 'conversions', element: <ConversionsPage />, handle: { title: 'Cadeaux / Conversions' } },
          { path: 'starter_gifts/conversions', element: <ConversionsPage />, handle: { title: 'Cadeaux de bienvenue / Conversions' } },
          { path: 'vouchers', element: <VouchersPage /> },
          { path: 'generer_vouchers', element: <GenerateVouchersPage /> },
          // Website content (issue 9 §1)
          { path: 'containers/introduction/:page/:section', element: <SectionEditorPage />, handle: { title: 'Site web / Sections' } },
          { path: 'sections/:page/:section?/*', element: <SectionEditorPage />, handle: { title: 'Site web / Sections' } },
          { path: 'containers/blocks/:page/:section', element: <BlocksPage />, handle: { title: 'Site web / Blocs' } },
          { path: 'flux', element: <FluxPage /> },
          { path: 'dashboard', element: <DashboardPage /> },
          // Banner, pop-up, configuration entries, company details (issue 9 §5)
          { path: 'settings/banner', element: <BannerPage /> },
          { path: 'settings/company', element: <CompanyPage /> },
          // Connection logs and audit trail (issue 10 §3, §4)
          { path: 'logs', element: <LogsPage />, handle: { title: 'Journaux / Connexions' } },
          { path: 'logs/audit', element: <AuditPage />, handle: { title: "Journaux / Journal d'audit" } },
          { path: 'contents/service/:type', element: <ServicesByTypePage />, handle: { title: 'Site web / Services' } },
          { path: 'contents/services', element: <HomeServicesPage />, handle: { title: 'Site web / Services' } },
          { path: 'contents/tools', element: <ToolsPage />, handle: { title: 'Site web / Outils partenaires' } },
          { path: 'gallery', element: <GalleryPage /> },
          { path: 'prises-contacts', element: <ContactRequestsPage /> },
          { path: 'settings/data', element: <SyncPage /> },
          { path: '*', element: <NotFoundPage />, handle: { title: 'Page introuvable' } },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
