import { lazy, Suspense, type SyntheticEvent } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { SkipLink } from '../../components/layout/skip-link';
import { PageSpinner } from '../../components/layout/page-spinner';
import { TopBar, VisitorLinks } from '../../components/layout/top-bar';
import { useSession } from '../../lib/auth';
import { getAuthToken } from '../../lib/tokens';

const loadSignedInLayout = async () => ({
  default: (await import('./signed-in-layout')).SignedInLayout,
});
const SignedInLayout = lazy(loadSignedInLayout);
// With a stored token the frame is almost surely needed: fetch it beside the current user.
if (getAuthToken()) void loadSignedInLayout();

const LOGIN_PASSWORD = 'input[autocomplete="current-password"]';

/**
 * A visitor who starts on the login password is about to sign in: fetch the signed-in frame
 * meanwhile, so that it is there when the login succeeds rather than fetched after it.
 */
const preloadOnLogin = ({ target }: SyntheticEvent) => {
  const element = target instanceof Element ? target : null;
  if (element?.matches(LOGIN_PASSWORD) || element?.querySelector(LOGIN_PASSWORD))
    void loadSignedInLayout();
};

/** The one layout every route lives under (spec §2). */
export const RootLayout = () => {
  const { user, loading } = useSession();
  const navigation = useNavigation();

  if (loading) return <PageSpinner />;

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {navigation.state === 'loading' && (
        <div aria-hidden className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-brand-500" />
      )}
      {user ? (
        <Suspense fallback={<PageSpinner />}>
          <SignedInLayout user={user}>
            <Outlet />
          </SignedInLayout>
        </Suspense>
      ) : (
        <>
          <TopBar>
            <VisitorLinks />
          </TopBar>
          <main
            id="main"
            tabIndex={-1}
            className="flex min-w-0 flex-1 flex-col focus:outline-none"
            onFocusCapture={preloadOnLogin}
            onSubmitCapture={preloadOnLogin}
          >
            <Outlet />
          </main>
        </>
      )}
    </div>
  );
};
