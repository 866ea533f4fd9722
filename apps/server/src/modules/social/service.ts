import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { socialAccounts, users } from '../../db/schema/index';
import { TWO_FACTOR_MESSAGES } from '@portal/contract/two-factor';
import type { RequestClient } from '../../http/client';
import { fieldError, nonFieldError } from '../../http/errors';
import { secondFactorProblem } from '../two-factor/service';
import { openSession, type IssuedToken } from '../auth/tokens';
import { GOOGLE_MESSAGES, type GoogleProfile } from './google';

type UserRow = typeof users.$inferSelect;

const PROVIDER = 'google';

const userByAccount = async (db: Executor, uid: string): Promise<UserRow | null> => {
  const [row] = await db
    .select({ user: users })
    .from(socialAccounts)
    .innerJoin(users, eq(users.id, socialAccounts.userId))
    .where(and(eq(socialAccounts.provider, PROVIDER), eq(socialAccounts.uid, uid)))
    .limit(1);
  return row?.user ?? null;
};

const userByEmail = async (db: Executor, email: string): Promise<UserRow | null> => {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
};

/**
 * The account a Google identity signs in to: the one already linked to it, else the one with
 * its (Google-verified) email, else a new verified account without a password. Concurrent
 * first sign-ins settle on one account through the unique indexes.
 */
const resolveAccount = async (tx: Executor, profile: GoogleProfile): Promise<UserRow> => {
  const linked = await userByAccount(tx, profile.sub);
  if (linked) return linked;

  let user = await userByEmail(tx, profile.email);
  if (user) {
    // Google has proven the address. A password set before anyone proved it may belong to
    // whoever signed up with someone else's address, so it stops working.
    const [updated] = await tx
      .update(users)
      .set(
        user.emailVerified ? { emailVerified: true } : { emailVerified: true, passwordHash: null },
      )
      .where(eq(users.id, user.id))
      .returning();
    user = updated ?? user;
  } else {
    const [created] = await tx
      .insert(users)
      .values({
        email: profile.email,
        firstName: profile.givenName,
        lastName: profile.familyName,
        passwordHash: null,
        emailVerified: true,
      })
      .onConflictDoNothing()
      .returning();
    user = created ?? (await userByEmail(tx, profile.email));
    if (!user) throw new Error('Google account neither created nor found');
  }
  await tx
    .insert(socialAccounts)
    .values({ userId: user.id, provider: PROVIDER, uid: profile.sub })
    .onConflictDoNothing();
  return (await userByAccount(tx, profile.sub)) ?? user;
};

/** Signs the person in: resolves their account, stamps last_login and issues a session token. */
export const signInWithGoogle = async (
  db: Database,
  profile: GoogleProfile,
  options: {
    ttlMs: number;
    client: RequestClient;
    secretKey: string;
    /** The second factor, for an account with two-factor on. */
    otp: string | undefined;
    /** Counts a wrong second factor like a wrong password. */
    onWrongCode: (account: UserRow) => Promise<void>;
  },
): Promise<{ user: UserRow; issued: IssuedToken }> => {
  try {
    return await db.transaction(async (tx) => {
      const account = await resolveAccount(tx, profile);
      if (!account.isActive) throw nonFieldError(GOOGLE_MESSAGES.inactive);
      // Google proves the first factor; an account with two-factor still asks for its code.
      const otpProblem = await secondFactorProblem(tx, options.secretKey, account, options.otp);
      if (otpProblem === TWO_FACTOR_MESSAGES.wrongCode) throw new WrongSecondFactor(account);
      if (otpProblem) throw fieldError('otp', otpProblem);
      return openSession(tx, account, {
        method: 'google',
        ttlMs: options.ttlMs,
        client: options.client,
      });
    });
  } catch (error) {
    if (!(error instanceof WrongSecondFactor)) throw error;
    // Counted once the transaction is over: it rolls back (nothing of a failed sign-in stays,
    // not even a new link to the Google account), and counting inside it on a second connection
    // deadlocks once every connection is held by such a transaction (issue 28).
    await options.onWrongCode(error.account);
    throw fieldError('otp', TWO_FACTOR_MESSAGES.wrongCode);
  }
};

/** A wrong second factor, carried out of the sign-in's transaction to be counted after it. */
class WrongSecondFactor extends Error {
  constructor(readonly account: UserRow) {
    super('wrong second factor');
  }
}
