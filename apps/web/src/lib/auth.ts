import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TokenResponse } from '@portal/contract/auth';
import type { User } from '@portal/contract/users';
import { ApiError, request, requestChecked } from './api';
import { toastError } from './errors';
import {
  clearTokens,
  getAuthToken,
  getImpersonateToken,
  getToken,
  setImpersonateToken,
  setToken,
} from './tokens';

export const userQueryKey = ['auth', 'user'] as const;

// The user schemas load with the calls that need them, so a first visit to /login (which makes
// none) does not download zod (decision 0025).
const loadUsers = () => import('@portal/contract/users');

/**
 * The signed-in user, or null. Spec §4: with a stored token the current user is fetched; when
 * that fails both tokens are cleared and the visitor counts as logged out. The request is
 * deliberately not tied to an abort signal: an aborted fetch must not end the session.
 */
export const fetchCurrentUser = async (): Promise<User | null> => {
  if (!getAuthToken()) return null;
  try {
    return await requestChecked('/api/users/auth/', {}, async () => (await loadUsers()).userSchema);
  } catch (error) {
    // No answer at all (offline, or the page unloading mid-request) says nothing about the
    // token; forgetting it then would sign people out for leaving a page quickly.
    if (!(error instanceof ApiError && error.status === 0)) clearTokens();
    return null;
  }
};

const userQuery = {
  queryKey: userQueryKey,
  queryFn: fetchCurrentUser,
  staleTime: Infinity,
  retry: false,
} as const;

/**
 * Asks for the signed-in user as the app starts, while the router is still loading the screen's
 * chunks: every signed-in screen waits for the user before it asks for its own data, so asking
 * only once the layout renders put a round trip and more in front of every first paint
 * (decision 0025).
 */
export const prefetchCurrentUser = (queryClient: QueryClient) => {
  if (getAuthToken()) void queryClient.prefetchQuery(userQuery);
};

export const useUser = () =>
  useQuery({
    ...userQuery,
    // Without a token there is nothing to ask, so the first render already knows.
    initialData: () => (getAuthToken() ? undefined : null),
  });

export type Session = {
  /** Undefined while the current user is still being fetched. */
  user: User | null | undefined;
  loading: boolean;
  isSuperuser: boolean;
  /** Whether calls are made with an impersonation token (the user is then the impersonated one). */
  impersonating: boolean;
};

export const useSession = (): Session => {
  const { data, isPending } = useUser();
  return {
    user: data,
    loading: isPending,
    isSuperuser: data?.is_superuser ?? false,
    impersonating: Boolean(data && getImpersonateToken()),
  };
};

/** Stores the token of a login (password or Google) and goes to / (spec §4). */
export const useStartSession = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (answer: TokenResponse) => {
    setImpersonateToken(null);
    setToken(answer.token);
    queryClient.setQueryData(userQueryKey, answer.user);
    void navigate('/', { replace: true });
  };
};

const postLogout = (token: string) =>
  request('/api/token-auth/logout/', { method: 'POST', token }).catch((error: unknown) => {
    // A token the server no longer knows is as logged out as it gets.
    if (error instanceof ApiError && error.status === 401) return;
    throw error;
  });

/**
 * Logs out on the server, then forgets both tokens and the user and goes to /login. While
 * impersonating, the impersonator's own token is logged out too: the person is leaving. Run by
 * the /logout route, which the Logout menu item navigates to, so a screen's leave prompt can
 * stop it before anything is cleared.
 */
export const useLogout = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const tokens = [getImpersonateToken(), getToken()].filter((t): t is string => Boolean(t));
      await Promise.all(tokens.map(postLogout));
    },
    onError: toastError,
    onSettled: () => {
      clearTokens();
      queryClient.clear();
      queryClient.setQueryData(userQueryKey, null);
      void navigate('/login', { replace: true });
    },
  });
};

/** A full reload, so nothing cached for one identity survives into the other. */
const reloadHome = () => window.location.assign('/');

/** Spec §4: store the impersonation token, go to / and reload. */
export const useStartImpersonation = () =>
  useMutation({
    mutationFn: (userId: number) =>
      requestChecked(
        `/api/users/${userId}/impersonate/`,
        {},
        async () => (await loadUsers()).impersonateResponseSchema,
      ),
    onSuccess: (answer) => {
      setImpersonateToken(answer.token);
      reloadHome();
    },
    onError: toastError,
  });

/** Spec §4: post logout (with the impersonation token), forget it, go to / and reload. */
export const useStopImpersonation = () =>
  useMutation({
    mutationFn: async () => {
      const token = getImpersonateToken();
      if (token) await postLogout(token);
    },
    onError: toastError,
    onSettled: () => {
      setImpersonateToken(null);
      reloadHome();
    },
  });
