/** One factory for every notifications query key, so a live event refreshes them all at once. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  settings: () => ['notification-settings'] as const,
  mentionable: (client: number | null) => ['mentionable', client] as const,
};
