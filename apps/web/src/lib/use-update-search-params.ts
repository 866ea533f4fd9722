import { useCallback, useContext } from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  useLocation,
  useNavigate,
  type NavigateOptions,
} from 'react-router';

/**
 * Changes the page's query parameters starting from the URL as it is at the moment of the call.
 *
 * React Router's own `setSearchParams(fn)` hands `fn` the parameters of the last render. A
 * debounced search that commits after a row click opened a drawer, but before the page
 * re-rendered, would then write the URL back without `?lead=` and close the drawer under the
 * person's cursor (seen in CI on a busy machine). The router's state is current as soon as its
 * navigation has run, so it is read from there; outside a data router, the rendered location.
 */
export const useUpdateSearchParams = () => {
  const navigate = useNavigate();
  const router = useContext(DataRouterContext)?.router;
  const rendered = useLocation().search;
  return useCallback(
    (update: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const current = new URLSearchParams(router?.state.location.search ?? rendered);
      const next = update(current).toString();
      void navigate({ search: next ? `?${next}` : '' }, options);
    },
    [navigate, router, rendered],
  );
};

/** The current query string (see useUpdateSearchParams): the router's state, else the render's. */
export const useCurrentSearch = () => {
  const router = useContext(DataRouterContext)?.router;
  const rendered = useLocation().search;
  return useCallback(() => router?.state.location.search ?? rendered, [router, rendered]);
};
