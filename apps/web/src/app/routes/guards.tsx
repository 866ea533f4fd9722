import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/auth';

/** Spec §2: a visitor on a protected route is sent to /login. */
export const RequireUser = () => {
  const { user } = useSession();
  return user ? <Outlet /> : <Navigate to="/login" replace />;
};

/** Spec §2: a signed-in non-superuser on a superuser route is sent to /. */
export const RequireSuperuser = () => {
  const { user, isSuperuser } = useSession();
  if (!user) return <Navigate to="/login" replace />;
  return isSuperuser ? <Outlet /> : <Navigate to="/" replace />;
};

/** Login and sign-up make no sense when already signed in. */
export const GuestOnly = () => {
  const { user } = useSession();
  return user ? <Navigate to="/" replace /> : <Outlet />;
};
