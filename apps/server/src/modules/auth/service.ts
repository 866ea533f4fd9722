import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  NEW_PASSWORD_ERROR_FIELD,
  UNVERIFIED_LOGIN_DETAIL,
  type LoginRequest,
  type PasswordChangeRequest,
  type PasswordChangeResponse,
  type PasswordResetConfirmRequest,
  type SignUpRequest,
  type TokenResponse,
  type VerifyEmailRequest,
} from '@portal/contract/auth';
import type { User } from '@portal/contract/users';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/index';
import type { UserRow } from '../../http/auth';
import type { RequestClient } from '../../http/client';
import { ApiError, fieldError, nonFieldError, validationError } from '../../http/errors';
import {
  addressKey,
  createThrottle,
  loginAccountKey,
  loginFailures,
  ownLoginCounts,
  THROTTLES,
} from '../../http/throttle';
import { secondFactorProblem } from '../two-factor/service';
import { enqueueEmail } from '../../mail/outbox';
import { toUserDto } from '../users/serialize';
import {
  EMAIL_TOKEN_MAX_AGE,
  checkEmailToken,
  decodeUid,
  emailTokenLink,
  type EmailTokenPurpose,
} from './email-tokens';
import { emailBrand } from '../../mail/format';
import { passwordResetEmail, verificationEmail } from './emails';
import { newPasswordProblems } from './password-policy';
import { burnPasswordCheck, confirmPassword, hashPassword, verifyPassword } from './passwords';
import { issueToken, openSession, revokeAllTokens, revokeToken, tokenResponse } from './tokens';
import { record, staffSignIn } from '../activity/record';
import { isUniqueViolation } from '../../http/database-errors';

/** Emails are compared case-insensitively everywhere (unique index on lower(email)). */
const normalizeEmail = (email: string) => email.trim().toLowerCase();

const throttleKeys = {
  signUpAddress: (ip: string) => addressKey('signup', ip),
  emailAccount: (kind: string, email: string) => `${kind}:email:${email}`,
  emailAddress: (kind: string, ip: string) => addressKey(kind, ip),
};

/**
 * Sign-in, sign-up and the email-link flows of DESIGN §3. Every method either returns the
 * answer or throws an ApiError with the DRF body, so routes stay parse → authorize → call → reply.
 */
export const createAuthService = (ctx: AppContext) => {
  const { db, config, mail } = ctx;
  const throttle = createThrottle(db, config.throttle);

  const findByEmail = async (executor: Executor, email: string) => {
    const [row] = await executor
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, normalizeEmail(email)))
      .limit(1);
    return row ?? null;
  };

  const findById = async (id: number) => {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  };

  const linkEmail = async (purpose: EmailTokenPurpose, user: UserRow, executor: Executor) => {
    const params = {
      to: user.email,
      brand: emailBrand(await ctx.studio.current(executor)),
      link: emailTokenLink(config.publicUrl, config.secretKey, purpose, user),
      validSeconds: EMAIL_TOKEN_MAX_AGE[purpose],
    };
    return purpose === 'verify-email' ? verificationEmail(params) : passwordResetEmail(params);
  };

  /** Queues a link email for the row as it is now, then wakes the mail worker after commit. */
  const sendLink = async (purpose: EmailTokenPurpose, user: UserRow) => {
    await enqueueEmail(db, await linkEmail(purpose, user, db));
    mail.poke();
  };

  const userDto = (row: UserRow): User => toUserDto(row, config.publicUrl);

  /** Both throttles count attempts, so that neither an inbox nor an address can be flooded. */
  const hitEmailThrottles = async (kind: 'resend' | 'reset', email: string, ip: string) => {
    await throttle.hit(throttleKeys.emailAddress(kind, ip), THROTTLES.emailPerAddress);
    await throttle.hit(throttleKeys.emailAccount(kind, email), THROTTLES.emailPerAccount);
  };

  const login = async (body: LoginRequest, client: RequestClient): Promise<TokenResponse> => {
    const email = normalizeEmail(body.username);
    // Every attempt counts before the password is checked — a burst of parallel guesses cannot
    // all pass a check made before any of them failed, and a throttled caller cannot tell a
    // right guess from a wrong one. Proving the password (and the code) gives her counts back.
    await throttle.hitAll(loginFailures(email, client.ip));

    const user = await findByEmail(db, email);
    let valid = false;
    if (user) valid = await verifyPassword(user.passwordHash, body.password);
    else await burnPasswordCheck(body.password);
    if (!user || !valid || !user.isActive) throw nonFieldError(AUTH_MESSAGES.invalidCredentials);
    if (!user.emailVerified) throw new ApiError(400, { detail: UNVERIFIED_LOGIN_DETAIL });

    return db.transaction(async (tx) => {
      // The second factor is spent in the transaction that issues the token: a code works once.
      const otpProblem = await secondFactorProblem(tx, config.secretKey, user, body.otp);
      if (otpProblem) throw fieldError('otp', otpProblem);
      // Her own counts only: a guesser's from other addresses stay. In the transaction: a
      // second connection taken while this one is held deadlocks once every connection is held
      // by such a transaction — behind PgBouncer its few server connections (issue 28).
      await createThrottle(tx, config.throttle).forget(ownLoginCounts(email, client.ip));
      const session = await openSession(tx, user, {
        method: 'password',
        ttlMs: config.tokenIdleMs,
        client,
      });
      return tokenResponse(session, config.publicUrl);
    });
  };

  const logout = async (tokenId: number) => {
    await revokeToken(db, tokenId);
  };

  const logoutAll = async (userId: number) => {
    await revokeAllTokens(db, userId);
  };

  const signUp = async (body: SignUpRequest, ip: string): Promise<User> => {
    await throttle.hit(throttleKeys.signUpAddress(ip), THROTTLES.signUpPerAddress);
    const email = normalizeEmail(body.email);
    const errors: Record<string, string[]> = {};
    if (await findByEmail(db, email)) errors.email = [AUTH_MESSAGES.duplicateEmail];
    const problems = await newPasswordProblems(body.password1, email);
    if (problems.length > 0) errors[NEW_PASSWORD_ERROR_FIELD.signUp] = problems;
    if (Object.keys(errors).length > 0) throw validationError(errors);
    if (body.password1 !== body.password2) throw nonFieldError(AUTH_MESSAGES.passwordMismatch);

    const passwordHash = await hashPassword(body.password1);
    try {
      const user = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ email, passwordHash, emailVerified: false })
          .returning();
        if (!row) throw new Error('user not created');
        await enqueueEmail(tx, await linkEmail('verify-email', row, tx));
        return row;
      });
      mail.poke();
      return userDto(user);
    } catch (error) {
      // Two sign-ups for one address at once: the unique index decides, the loser gets the 400.
      if (isUniqueViolation(error)) throw fieldError('email', AUTH_MESSAGES.duplicateEmail);
      throw error;
    }
  };

  const verifyEmail = async (body: VerifyEmailRequest) => {
    const invalid = () => new ApiError(400, { detail: AUTH_MESSAGES.invalidVerifyLink });
    const id = decodeUid(body.uid);
    const user = id === null ? null : await findById(id);
    if (!user || !checkEmailToken(config.secretKey, 'verify-email', user, body.token))
      throw invalid();
    // Conditional on the state the token was checked against, so two clicks verify once.
    const updated = await db
      .update(users)
      .set({ emailVerified: true })
      .where(and(eq(users.id, user.id), eq(users.emailVerified, false)))
      .returning({ id: users.id });
    if (updated.length === 0) throw invalid();
    return { detail: AUTH_MESSAGES.emailVerified };
  };

  const resendVerification = async (rawEmail: string, ip: string) => {
    const email = normalizeEmail(rawEmail);
    await hitEmailThrottles('resend', email, ip);
    const user = await findByEmail(db, email);
    if (user && user.isActive && !user.emailVerified) await sendLink('verify-email', user);
    return { detail: AUTH_MESSAGES.verificationSent };
  };

  const requestPasswordReset = async (rawEmail: string, ip: string) => {
    const email = normalizeEmail(rawEmail);
    await hitEmailThrottles('reset', email, ip);
    const user = await findByEmail(db, email);
    if (user?.isActive) await sendLink('password-reset', user);
    return { detail: AUTH_MESSAGES.resetSent };
  };

  const confirmPasswordReset = async (body: PasswordResetConfirmRequest) => {
    const id = decodeUid(body.uid);
    const user = id === null ? null : await findById(id);
    if (!user) throw fieldError('uid', AUTH_MESSAGES.invalidValue);
    if (!checkEmailToken(config.secretKey, 'password-reset', user, body.token))
      throw fieldError('token', AUTH_MESSAGES.invalidValue);
    const field = NEW_PASSWORD_ERROR_FIELD.resetConfirm;
    if (body.new_password1 !== body.new_password2)
      throw fieldError(field, AUTH_MESSAGES.passwordMismatch);
    const problems = await newPasswordProblems(body.new_password2, user.email);
    if (problems.length > 0) throw validationError({ [field]: problems });

    const passwordHash = await hashPassword(body.new_password2);
    await db.transaction(async (tx) => {
      // Only if the hash the token covers is still the one checked: a link works exactly once,
      // even when it is submitted twice at the same moment.
      const updated = await tx
        .update(users)
        .set({ passwordHash, emailVerified: true })
        .where(
          and(
            eq(users.id, user.id),
            user.passwordHash === null
              ? isNull(users.passwordHash)
              : eq(users.passwordHash, user.passwordHash),
          ),
        )
        .returning({ id: users.id });
      if (updated.length === 0) throw fieldError('token', AUTH_MESSAGES.invalidValue);
      await revokeAllTokens(tx, user.id);
    });
    // Whoever proved the inbox gets a fresh start, not the lock-out left by a guesser.
    await throttle.reset(loginAccountKey(user.email));
    return { detail: AUTH_MESSAGES.passwordReset };
  };

  const changePassword = async (
    user: UserRow,
    body: PasswordChangeRequest,
    client: RequestClient,
  ): Promise<PasswordChangeResponse> => {
    // A stolen session must not become a way to guess the password.
    const errors: Record<string, string[]> = {};
    if (!(await confirmPassword(throttle, user, body.old_password, client.ip)))
      errors.old_password = [AUTH_MESSAGES.wrongOldPassword];
    const field = NEW_PASSWORD_ERROR_FIELD.change;
    if (body.new_password1 !== body.new_password2) {
      errors[field] = [AUTH_MESSAGES.passwordMismatch];
    } else {
      const problems = await newPasswordProblems(body.new_password2, user.email);
      if (problems.length > 0) errors[field] = problems;
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);

    const passwordHash = await hashPassword(body.new_password2);
    return db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await revokeAllTokens(tx, user.id);
      const issued = await issueToken(tx, user.id, { ttlMs: config.tokenIdleMs, client });
      if (user.isSuperuser) await record(tx, staffSignIn(user.id, 'password'));
      return { token: issued.token };
    });
  };

  return {
    login,
    logout,
    logoutAll,
    signUp,
    verifyEmail,
    resendVerification,
    requestPasswordReset,
    confirmPasswordReset,
    changePassword,
  };
};

export type AuthService = ReturnType<typeof createAuthService>;
