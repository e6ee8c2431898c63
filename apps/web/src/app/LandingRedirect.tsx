import { landingFor } from '@app/domain';
import { Navigate } from 'react-router';
import { useSessionUser } from '../lib/useSession';

/** /layout's index: the role's landing page (landingFor, read from the screen registry). */
export function LandingRedirect() {
  const user = useSessionUser();
  return <Navigate to={landingFor(user?.role)} replace />;
}
