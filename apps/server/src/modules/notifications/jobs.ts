import type { AppContext } from '../../context';
import type { ScheduledJob } from '../../jobs/scheduler';
import { sendDigests, sendInstantEmails } from './emails';

/** The UTC day a digest belongs to: at most one per person per day. */
export const digestDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Scheduled notification emails: the daily digest goes out at `config.digestCron` (UTC); every
 * minute a sweep mails instant notifications nobody's listener caught (an instance stopped
 * between the commit and its mail).
 */
export const notificationJobs = (
  ctx: Pick<AppContext, 'db' | 'config' | 'mail' | 'studio'>,
): ScheduledJob[] => [
  {
    name: 'notification-digest',
    cron: ctx.config.digestCron,
    run: async () => {
      if ((await sendDigests(ctx.db, ctx, digestDay(new Date()))) > 0) ctx.mail.poke();
    },
  },
  {
    name: 'notification-instant-emails',
    cron: '* * * * *',
    run: async () => {
      if ((await sendInstantEmails(ctx.db, ctx)) > 0) ctx.mail.poke();
    },
  },
];
