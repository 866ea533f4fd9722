import { useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  formatMoment,
  formatRecent,
  runtimeTimeZone,
  type MomentFormat,
} from '@portal/contract/time';
import type { User } from '@portal/contract/users';
import { request } from './api';
import { userQueryKey, useSession } from './auth';

/**
 * The reader's clock (issue 25): the signed-in person's `time_zone` — the impersonated person's
 * while impersonating, since the screen is theirs — else the browser's (sign-in, sign-up).
 */
export const useTimeZone = (): string => useSession().user?.time_zone ?? runtimeTimeZone();

export type Clock = {
  zone: string;
  /** One of the spec's formats; `dateTime` where it names none. */
  format(value: string | Date, style?: MomentFormat): string;
  /** "3 hours ago" for the last week, then the date. */
  recent(value: string | Date): string;
};

export const useClock = (): Clock => {
  const zone = useTimeZone();
  return useMemo(
    () => ({
      zone,
      format: (value, style) => formatMoment(value, zone, style),
      recent: (value) => formatRecent(value, zone),
    }),
    [zone],
  );
};

/**
 * At a person's first sign-in their account has no zone: it takes the browser's, once, so
 * emails and PDFs (which have no browser to ask) use it too. Not while impersonating: the
 * superuser's browser says nothing about where the client lives.
 */
export const useAdoptBrowserTimeZone = (user: User, impersonating: boolean) => {
  const queryClient = useQueryClient();
  const asked = useRef(false);
  useEffect(() => {
    if (user.time_zone !== null || impersonating || asked.current) return;
    asked.current = true;
    void (async () => {
      const { userSchema } = await import('@portal/contract/users');
      const saved = await request(`/api/users/${user.id}/`, {
        method: 'PATCH',
        body: { time_zone: runtimeTimeZone() },
        schema: userSchema,
      });
      queryClient.setQueryData(userQueryKey, saved);
      // Nothing is lost without it: the app already shows the browser's zone, and the next
      // sign-in asks again.
    })().catch(() => undefined);
  }, [user.id, user.time_zone, impersonating, queryClient]);
};
