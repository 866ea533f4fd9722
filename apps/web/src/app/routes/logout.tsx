import { useEffect, useRef } from 'react';
import { PageSpinner } from '../../components/layout/page-spinner';
import { useLogout } from '../../lib/auth';

/**
 * /logout: logs out on arrival (spec §4). Logging out is a navigation here first, so that a screen
 * with unsaved work asks through its leave prompt before anything is cleared — Cancel keeps the
 * work *and* the session; only going on ends it.
 */
export const LogoutRoute = () => {
  const { mutate } = useLogout();
  const started = useRef(false);
  useEffect(() => {
    // Once: React's development double effects would post the logout twice.
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);
  return <PageSpinner label="Logging out..." />;
};
