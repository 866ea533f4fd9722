import { useState } from 'react';
import { Bell, CheckCheck, RotateCw } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Notification } from '@portal/contract/notifications';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { Spinner } from '../../../components/ui/spinner';
import { toastError } from '../../../lib/errors';
import { DateTime } from '../../../components/ui/date-time';
import {
  useMarkAllRead,
  useMarkRead,
  useNotifications,
  useUnreadCount,
} from '../api/notifications';
import { useNotificationStream } from '../api/use-notification-stream';

/** The count as the badge shows it: a big number would not fit. */
const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

const Item = ({ notification, onOpen }: { notification: Notification; onOpen(): void }) => {
  const unread = notification.read_at === null;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className={cn(
          'flex w-full cursor-pointer items-start gap-2.5 rounded-md px-2.5 py-2 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-500',
          unread && 'bg-brand-50/60',
        )}
      >
        <span
          aria-hidden
          className={cn(
            'mt-1.5 size-2 shrink-0 rounded-full',
            unread ? 'bg-brand-500' : 'bg-transparent',
          )}
        />
        <span className="min-w-0 flex-1">
          <span
            className={cn(
              'block break-words',
              unread ? 'font-medium text-slate-900' : 'text-slate-600',
            )}
          >
            {notification.text}
          </span>
          <DateTime
            value={notification.created_at}
            // slate-600: on an unread row's tint slate-500 read 4.45:1, under AA's 4.5.
            className="mt-0.5 block text-xs text-slate-600 tabular-nums"
          />
          {unread && <span className="sr-only">(unread)</span>}
        </span>
      </button>
    </li>
  );
};

/**
 * The bell in the top bar: the unread count, and a list of the newest notifications; opening
 * one marks it read and goes where it points. Kept live by the notification stream.
 */
export const NotificationBell = ({ userId }: { userId: number }) => {
  useNotificationStream(userId);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const count = useUnreadCount();
  const list = useNotifications(open);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = count.data?.count ?? 0;
  const label = unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;

  const openOne = (notification: Notification) => {
    setOpen(false);
    if (notification.read_at === null) markRead.mutate(notification.id, { onError: toastError });
    void navigate(notification.url);
  };

  let body;
  if (list.isPending) body = <Spinner size="sm" label="Loading notifications" className="p-4" />;
  else if (list.isError)
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-2 px-2.5 py-3 text-red-700">
        The notifications could not be loaded.
        <Button variant="link" size="sm" onClick={() => void list.refetch()}>
          <RotateCw aria-hidden />
          Try again
        </Button>
      </div>
    );
  else if (list.data.results.length === 0)
    body = (
      <p className="px-2.5 py-6 text-center text-slate-500">
        Nothing yet. News about your work shows up here.
      </p>
    );
  else
    body = (
      <ul aria-label="Notifications" className="flex flex-col gap-0.5">
        {list.data.results.map((notification) => (
          <Item
            key={notification.id}
            notification={notification}
            onOpen={() => openOne(notification)}
          />
        ))}
      </ul>
    );

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} title={label} className="relative">
          <Bell aria-hidden />
          {unread > 0 && (
            <span
              aria-hidden
              data-testid="unread-badge"
              className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white tabular-nums"
            >
              {badgeText(unread)}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[min(24rem,calc(100vw-1rem))] p-1.5">
        <div className="flex items-center justify-between gap-2 px-2.5 pt-1 pb-2">
          <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
          <Button
            variant="ghost"
            size="sm"
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate(undefined, { onError: toastError })}
          >
            <CheckCheck aria-hidden />
            Mark all read
          </Button>
        </div>
        <div className="max-h-[min(28rem,70vh)] overflow-y-auto">{body}</div>
      </PopoverContent>
    </Popover>
  );
};
