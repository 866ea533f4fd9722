import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import {
  notificationDigests,
  notifications,
  notificationSettings,
  users,
} from '../../db/schema/index';
import {
  emailBrand,
  escapeHtml,
  htmlEmail,
  oneLine,
  textSignature,
  type EmailBrand,
} from '../../mail/format';
import { enqueueEmail, type Email } from '../../mail/outbox';
import type { StudioSource } from '../../studio/source';
import { shownText } from './notify';
import { readableByRecipient } from './service';

type MailConfig = Pick<Config, 'publicUrl' | 'secretKey'>;

/** What notification emails are written from: the deployment and the studio's brand. */
export type MailContext = { config: MailConfig; studio: Pick<StudioSource, 'current'> };

const sign = (secret: string, userId: number) =>
  createHmac('sha256', secret).update(`notification-unsubscribe:${userId}`).digest('hex');

/**
 * The one-click unsubscribe link of a person's notification emails: signed with the portal's
 * secret, so it works without signing in and nobody can make one for someone else.
 */
export const unsubscribeLink = (config: MailConfig, userId: number) =>
  `${config.publicUrl}/api/notification-settings/unsubscribe/?user=${userId}&signature=${sign(config.secretKey, userId)}`;

export const verifyUnsubscribe = (secret: string, userId: number, signature: string) => {
  const expected = Buffer.from(sign(secret, userId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

type Item = { text: string; url: string };

const footerText = (brand: EmailBrand, unsubscribe: string) => [
  ...textSignature(brand),
  `You get these emails because of your notification settings. Unsubscribe: ${unsubscribe}`,
  '',
];

const footerHtml = (unsubscribe: string) =>
  `<p style="font-size:12px;color:#666">You get these emails because of your notification settings. <a href="${escapeHtml(unsubscribe)}" style="color:#666">Unsubscribe</a> (no sign-in needed), or choose daily digests on your profile.</p>`;

/** Every notification email carries RFC 8058 one-click unsubscribe headers. */
const withUnsubscribe = (email: Email, unsubscribe: string): Email => ({
  ...email,
  headers: {
    'List-Unsubscribe': `<${unsubscribe}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
});

/** One notification, mailed as it happens. */
export const instantEmail = (
  config: MailConfig,
  brand: EmailBrand,
  to: { id: number; email: string },
  item: Item,
) => {
  const unsubscribe = unsubscribeLink(config, to.id);
  const link = `${config.publicUrl}${item.url}`;
  const text = [item.text, '', `Open it: ${link}`, ...footerText(brand, unsubscribe)].join('\n');
  const html = htmlEmail(
    brand,
    { paragraphs: [escapeHtml(item.text)], link: { href: link, label: 'Open in the portal' } },
    footerHtml(unsubscribe),
  );
  return withUnsubscribe(
    { to: to.email, subject: oneLine(item.text, 200), text, html, fromName: brand.name },
    unsubscribe,
  );
};

/** The day's digest: what is still unread, newest first. */
export const digestEmail = (
  config: MailConfig,
  brand: EmailBrand,
  to: { id: number; email: string },
  items: Item[],
) => {
  const unsubscribe = unsubscribeLink(config, to.id);
  const subject = `${items.length} unread notification${items.length === 1 ? '' : 's'} in ${brand.name}`;
  const text = [
    `Still unread in ${brand.name}:`,
    '',
    ...items.map((item) => `- ${item.text}\n  ${config.publicUrl}${item.url}`),
    ...footerText(brand, unsubscribe),
  ].join('\n');
  const list = `<ul style="padding-left:20px">${items
    .map(
      (item) =>
        `<li style="margin-bottom:8px"><a href="${escapeHtml(`${config.publicUrl}${item.url}`)}" style="color:#111">${escapeHtml(item.text)}</a></li>`,
    )
    .join('')}</ul>`;
  const html = htmlEmail(
    brand,
    {
      paragraphs: [escapeHtml(`Still unread in ${brand.name}:`), list],
      link: { href: config.publicUrl, label: 'Open the portal' },
    },
    footerHtml(unsubscribe),
  );
  return withUnsubscribe({ to: to.email, subject, text, html, fromName: brand.name }, unsubscribe);
};

/** Only the news of the last day is mailed one by one (someone who just chose `instant`). */
const INSTANT_WINDOW = sql`now() - interval '1 day'`;

const choiceIs = (choice: 'instant' | 'daily') =>
  choice === 'instant'
    ? or(isNull(notificationSettings.email), eq(notificationSettings.email, 'instant'))
    : eq(notificationSettings.email, 'daily');

/** News still unread that no email has told of yet, and that its recipient may still read. */
const unmailed = and(
  isNull(notifications.emailedAt),
  isNull(notifications.readAt),
  readableByRecipient,
);

/** The people who chose `choice` and have unmailed news, with that news. */
const dueFor = (db: Executor, choice: 'instant' | 'daily', since?: SQL) =>
  db
    .select({
      id: notifications.id,
      text: shownText,
      url: notifications.url,
      userId: users.id,
      email: users.email,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.recipientId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(
      and(
        unmailed,
        eq(users.isActive, true),
        choiceIs(choice),
        since && sql`${notifications.createdAt} > ${since}`,
      ),
    );

/**
 * Mails each unread, not yet mailed notification of people who chose `instant`, through the
 * outbox. The rows are claimed with SKIP LOCKED and marked in the same transaction as the mail
 * is queued, so two instances never mail the same one and a crash mails it later, not twice.
 */
export const sendInstantEmails = async (db: Database, { config, studio }: MailContext) => {
  const brand = emailBrand(await studio.current());
  return db.transaction(async (tx) => {
    const due = await dueFor(tx, 'instant', INSTANT_WINDOW)
      .orderBy(asc(notifications.id))
      .limit(200)
      .for('update', { of: notifications, skipLocked: true });
    for (const row of due)
      await enqueueEmail(
        tx,
        instantEmail(config, brand, { id: row.userId, email: row.email }, row),
      );
    await markEmailed(
      tx,
      due.map((row) => row.id),
    );
    return due.length;
  });
};

const markEmailed = async (tx: Executor, ids: number[]) => {
  if (ids.length > 0)
    await tx
      .update(notifications)
      .set({ emailedAt: sql`now()` })
      .where(inArray(notifications.id, ids));
};

/**
 * One digest per person who chose `daily` and has unread news not mailed yet. The day's row in
 * `notification_digests` is inserted first: a job that runs twice (a retry, a second instance)
 * finds it and sends nothing more that day.
 */
export const sendDigests = async (db: Database, { config, studio }: MailContext, day: string) => {
  const brand = emailBrand(await studio.current());
  const due = await dueFor(db, 'daily').orderBy(users.id);
  const people = [
    ...new Map(due.map((row) => [row.userId, { id: row.userId, email: row.email }])).values(),
  ];
  let sent = 0;
  for (const person of people)
    await db.transaction(async (tx) => {
      const [first] = await tx
        .insert(notificationDigests)
        .values({ userId: person.id, day })
        .onConflictDoNothing()
        .returning({ userId: notificationDigests.userId });
      if (!first) return;
      const items = await tx
        .select({ id: notifications.id, text: shownText, url: notifications.url })
        .from(notifications)
        .where(and(eq(notifications.recipientId, person.id), unmailed))
        .orderBy(sql`${notifications.id} desc`)
        .for('update', { skipLocked: true });
      if (items.length === 0) return;
      await enqueueEmail(tx, digestEmail(config, brand, person, items));
      await markEmailed(
        tx,
        items.map((item) => item.id),
      );
      sent++;
    });
  return sent;
};

/**
 * Runs `sendInstantEmails` soon after a notification commits: calls arriving while it runs ask
 * for one more pass, never a pile of them.
 */
export const createInstantEmailRunner = (
  db: Database,
  mail: MailContext,
  options: { afterQueued: () => void; onError: (error: unknown) => void },
) => {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = (): Promise<void> =>
    sendInstantEmails(db, mail)
      .then((queued) => {
        if (queued > 0) options.afterQueued();
      })
      .catch(options.onError)
      .then(() => {
        if (again && !stopped) {
          again = false;
          return run();
        }
        running = null;
      });
  return {
    poke: () => {
      if (stopped) return;
      if (running) again = true;
      else running = run();
    },
    stop: async () => {
      stopped = true;
      await running;
    },
  };
};
