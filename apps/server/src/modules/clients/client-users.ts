import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  CLIENT_MESSAGES,
  type ClientUser,
  type ClientUserCreateRequest,
} from '@portal/contract/clients';
import { FIELD_MESSAGES } from '@portal/contract/fields';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { clients, clientUsers, users } from '../../db/schema/index';
import type { UserRow } from '../../http/auth';
import { fieldError, nonFieldError } from '../../http/errors';
import type { PageWindow } from '../../http/pagination';
import { enqueueEmail } from '../../mail/outbox';
import { EMAIL_TOKEN_MAX_AGE, emailTokenLink } from '../auth/email-tokens';
import { record } from '../activity/record';
import { invitationEmail } from './emails';
import { emailBrand } from '../../mail/format';
import { violatedUniqueConstraint } from '../../http/database-errors';
import { personName } from '../../db/people';

const columns = {
  id: clientUsers.id,
  clientId: clientUsers.clientId,
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};
type LinkRow = {
  id: number;
  clientId: number;
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
};

const toClientUserDto = (row: LinkRow): ClientUser => ({
  id: row.id,
  client: row.clientId,
  user: { id: row.userId, email: row.email, first_name: row.firstName, last_name: row.lastName },
});

/** A user nobody has ever set a password for, who has not proved their address either. */
const isPendingInvitation = (user: UserRow) => user.passwordHash === null && !user.emailVerified;

const MAX_ATTEMPTS = 3;

/**
 * Links the user, creating an invited account for an unknown address, inside the caller's
 * transaction: the account, the link and the invitation email commit together or not at all.
 * (Converting a lead runs this in the same transaction as the client it creates.)
 */
export const linkClientUser = async (
  tx: Executor,
  { config, studio }: Pick<AppContext, 'config' | 'studio'>,
  body: ClientUserCreateRequest,
  inviter: UserRow,
) => {
  const [client] = await tx
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(eq(clients.id, body.client))
    .limit(1)
    // Held until commit: a client deleted meanwhile would break the link's foreign key.
    .for('key share');
  if (!client) throw fieldError('client', FIELD_MESSAGES.pkMissing(body.client));

  let user: UserRow | undefined;
  let invite = false;
  if (body.user !== undefined) {
    [user] = await tx.select().from(users).where(eq(users.id, body.user)).limit(1).for('key share');
    if (!user) throw fieldError('user', FIELD_MESSAGES.pkMissing(body.user));
  } else {
    const email = (body.email ?? '').trim().toLowerCase();
    [user] = await tx
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1);
    if (!user) {
      // Active but without a password: only the emailed link lets them in.
      [user] = await tx
        .insert(users)
        .values({ email, passwordHash: null, emailVerified: false })
        .returning();
      if (!user) throw new Error('invited user not created');
    }
    // Someone invited before who never accepted gets a fresh link with the new invitation.
    invite = isPendingInvitation(user);
  }

  const [link] = await tx
    .insert(clientUsers)
    .values({ clientId: client.id, userId: user.id })
    .returning({ id: clientUsers.id });
  if (!link) throw new Error('client user not created');
  if (invite)
    await enqueueEmail(
      tx,
      invitationEmail({
        to: user.email,
        brand: emailBrand(await studio.current(tx)),
        link: emailTokenLink(config.publicUrl, config.secretKey, 'password-reset', user),
        validSeconds: EMAIL_TOKEN_MAX_AGE['password-reset'],
        inviterName: personName(inviter),
        clientName: client.name,
      }),
    );
  return { id: link.id, email: user.email, name: personName(user), invited: invite };
};

/** Who belongs to which client (staff only). */
export const createClientUserService = (ctx: AppContext) => {
  const { db, mail } = ctx;

  const select = (executor: Executor, where: SQL | undefined) =>
    executor
      .select(columns)
      .from(clientUsers)
      .innerJoin(users, eq(users.id, clientUsers.userId))
      .where(where);

  const findLink = async (executor: Executor, id: number) => {
    const [row] = await select(executor, eq(clientUsers.id, id)).limit(1);
    return row ? toClientUserDto(row) : null;
  };

  const linkOnce = (body: ClientUserCreateRequest, inviter: UserRow) =>
    db.transaction(async (tx) => {
      const link = await linkClientUser(tx, ctx, body, inviter);
      await record(tx, {
        verb: 'created',
        target: { type: 'client_user', id: link.id, label: link.name },
        client: body.client,
      });
      // The answer is read in the transaction that wrote it (issue 28, decision 0051).
      const answer = await findLink(tx, link.id);
      if (!answer) throw new Error('client user vanished');
      return { answer, invited: link.invited };
    });

  return {
    list: async (
      filters: { client?: number | undefined; user?: number | undefined },
      page: (total: number) => PageWindow,
    ) => {
      const where = and(
        filters.client === undefined ? undefined : eq(clientUsers.clientId, filters.client),
        filters.user === undefined ? undefined : eq(clientUsers.userId, filters.user),
      );
      const [totals] = await db.select({ total: count() }).from(clientUsers).where(where);
      const total = totals?.total ?? 0;
      const window = page(total);
      const rows = await select(db, where)
        .orderBy(asc(sql`lower(${users.email})`), asc(clientUsers.id))
        .limit(window.limit)
        .offset(window.offset);
      return { count: total, window, rows: rows.map(toClientUserDto) };
    },

    retrieve: (id: number) => findLink(db, id),

    add: async (body: ClientUserCreateRequest, inviter: UserRow): Promise<ClientUser> => {
      for (let attempt = 1; ; attempt++) {
        try {
          const { answer, invited } = await linkOnce(body, inviter);
          if (invited) mail.poke();
          return answer;
        } catch (error) {
          const constraint = violatedUniqueConstraint(error);
          if (constraint === 'client_users_client_user_key')
            throw nonFieldError(CLIENT_MESSAGES.duplicateLink);
          // Two invitations of one new address at once: the loser links the winner's account.
          if (constraint === 'users_email_lower_key' && attempt < MAX_ATTEMPTS) continue;
          throw error;
        }
      }
    },

    remove: (id: number): Promise<boolean> =>
      db.transaction(async (tx) => {
        const link = await findLink(tx, id);
        if (!link) return false;
        await tx.delete(clientUsers).where(eq(clientUsers.id, id));
        await record(tx, {
          verb: 'deleted',
          target: {
            type: 'client_user',
            id,
            label: personName({
              firstName: link.user.first_name,
              lastName: link.user.last_name,
              email: link.user.email,
            }),
          },
          client: link.client,
        });
        return true;
      }),
  };
};
