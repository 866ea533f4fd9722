import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fetchEventSource } from '@microsoft/fetch-event-source';
import { getAuthToken } from '../../../lib/tokens';
import { notificationKeys } from './keys';

/** A stream that failed waits this long before trying again (the server may be restarting). */
const RETRY_MS = 5_000;

class StreamRefused extends Error {}

/**
 * Listens to `/api/notifications/stream/` while signed in and refreshes the bell on each new
 * notification. It is read with `fetch`, so the token travels in the Authorization header as on
 * every other call (never in the URL); the library resends `Last-Event-ID` when it reconnects.
 */
export const useNotificationStream = (userId: number) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = getAuthToken();
    if (!token) return;
    const controller = new AbortController();
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    void fetchEventSource('/api/notifications/stream/', {
      headers: { Authorization: `Token ${token}` },
      signal: controller.signal,
      // Never needed for a first render, and open for good: low, so it waits behind the
      // screen's own requests and a page counts as loaded without it (decision 0055).
      priority: 'low',
      // Kept open in a background tab too: the count is right when the person comes back.
      openWhenHidden: true,
      onopen: async (response) => {
        if (response.status === 401 || response.status === 403) throw new StreamRefused();
        if (!response.ok) throw new Error(`stream answered ${response.status}`);
        // Whatever came while the stream was away.
        refresh();
      },
      onmessage: (message) => {
        if (message.event === 'notification') refresh();
      },
      onerror: (error) => {
        // A signed-out session stops for good; anything else is retried.
        if (error instanceof StreamRefused) throw error;
        return RETRY_MS;
      },
    }).catch(() => undefined);
    return () => controller.abort();
    // A new user (signing in as someone, impersonation) opens a new stream with their token.
  }, [userId, queryClient]);
};
