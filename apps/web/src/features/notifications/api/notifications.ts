import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  mentionableListSchema,
  notificationPageSchema,
  notificationReadAllSchema,
  notificationSchema,
  notificationSettingsSchema,
  notificationUnreadCountSchema,
  type NotificationEmailChoice,
} from '@portal/contract/notifications';
import { request } from '../../../lib/api';
import { notificationKeys } from './keys';

const PATH = '/api/notifications/';
/** The bell shows the newest ones; older ones are rarely wanted and stay on the server. */
const BELL_SIZE = 20;

export const useUnreadCount = () =>
  useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) =>
      request(`${PATH}unread-count/`, { schema: notificationUnreadCountSchema, signal }),
    // The live stream refreshes it; this catches up after the stream was away for long.
    staleTime: 60_000,
  });

export const useNotifications = (enabled: boolean) =>
  useQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) =>
      request(PATH, { query: { page_size: BELL_SIZE }, schema: notificationPageSchema, signal }),
    enabled,
  });

export const useMarkRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request(`${PATH}${id}/read/`, { method: 'POST', schema: notificationSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
};

export const useMarkAllRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      request(`${PATH}read-all/`, { method: 'POST', schema: notificationReadAllSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
};

export const useNotificationSettings = () =>
  useQuery({
    queryKey: notificationKeys.settings(),
    queryFn: ({ signal }) =>
      request('/api/notification-settings/', { schema: notificationSettingsSchema, signal }),
  });

export const useUpdateNotificationSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: NotificationEmailChoice) =>
      request('/api/notification-settings/', {
        method: 'PATCH',
        body: { email },
        schema: notificationSettingsSchema,
      }),
    onSuccess: (settings) => queryClient.setQueryData(notificationKeys.settings(), settings),
  });
};

/** The people who may be mentioned beside `client`'s records (staff only when null). */
export const useMentionable = (client: number | null, enabled = true) =>
  useQuery({
    queryKey: notificationKeys.mentionable(client),
    queryFn: ({ signal }) =>
      request(`${PATH}mentionable/`, {
        query: { client },
        schema: mentionableListSchema,
        signal,
      }),
    staleTime: 5 * 60_000,
    enabled,
  });
