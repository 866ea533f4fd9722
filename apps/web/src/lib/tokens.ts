/** Where the session lives in the browser (spec §3: local storage keys `token` and `impersonate`). */
export const TOKEN_KEY = 'token';
export const IMPERSONATE_KEY = 'impersonate';

const read = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage can be disabled; that simply means "signed out"
  }
};

const write = (key: string, value: string | null) => {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: without storage the session lasts until the page is left.
  }
};

export const getToken = () => read(TOKEN_KEY);
export const setToken = (token: string | null) => write(TOKEN_KEY, token);
export const getImpersonateToken = () => read(IMPERSONATE_KEY);
export const setImpersonateToken = (token: string | null) => write(IMPERSONATE_KEY, token);

/** The token calls are made with: an impersonation token wins over the normal one (spec §6). */
export const getAuthToken = () => getImpersonateToken() ?? getToken();

export const clearTokens = () => {
  setToken(null);
  setImpersonateToken(null);
};
