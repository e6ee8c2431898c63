import { Navigate } from 'react-router';
import { useSessionUser } from '../lib/useSession';
import { landingPath } from './routes';

/** /layout's index: the role's landing page (see routes.tsx for the fallback). */
export function LandingRedirect() {
  const user = useSessionUser();
  return <Navigate to={landingPath(user?.role)} replace />;
}
