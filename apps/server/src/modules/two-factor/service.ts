import { and, count, eq, isNull } from 'drizzle-orm';
import {
  TWO_FACTOR_MESSAGES,
  type RecoveryCodesResponse,
  type TotpSetupResponse,
  type TwoFactorDisableRequest,
  type TwoFactorStatus,
} from '@portal/contract/two-factor';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { recoveryCodes, users } from '../../db/schema/index';
import type { UserRow } from '../../http/auth';
import { ApiError, fieldError } from '../../http/errors';
import { createThrottle, loginFailures } from '../../http/throttle';
import type { RequestClient } from '../../http/client';
import { confirmPassword } from '../auth/passwords';
import { openSecret, sealSecret } from './secrets';
import {
  acceptedStep,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
} from './totp';

const badRequest = (detail: string) => new ApiError(400, { detail });

/** Whether this deployment requires two-factor of this account (decision 0049). */
export const twoFactorRequired = (requireStaff: boolean, user: Pick<UserRow, 'isSuperuser'>) =>
  requireStaff && user.isSuperuser;

/**
 * Checks a code against the account's authenticator with its row locked, and spends the code's
 * time step (a code of that step or an earlier one is refused from then on). Call inside the
 * transaction of what the code allows.
 */
const spendTotp = async (
  tx: Executor,
  secretKey: string,
  userId: number,
  typed: string,
): Promise<boolean> => {
  const [locked] = await tx
    .select({ secret: users.totpSecret, lastStep: users.totpLastStep })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  const secret = locked?.secret ? openSecret(secretKey, locked.secret) : null;
  const step = secret ? acceptedStep(secret, typed, locked?.lastStep ?? null) : null;
  if (step === null) return false;
  await tx.update(users).set({ totpLastStep: step }).where(eq(users.id, userId));
  return true;
};

/**
 * Checks a code against the account's authenticator, then its unused recovery codes, spending
 * what it matched in the statement that checks it, so two requests with one code cannot both
 * pass. Call inside the transaction of what the code allows.
 */
const spendCode = async (
  tx: Executor,
  secretKey: string,
  userId: number,
  typed: string,
): Promise<boolean> => {
  if (await spendTotp(tx, secretKey, userId, typed)) return true;
  const spent = await tx
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(typed)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length > 0;
};

/**
 * The second step of a sign-in (password or Google) for an account with two-factor on: null when
 * it may go on (no two-factor, or a right code, now spent), else the message for `otp`.
 */
export const secondFactorProblem = async (
  tx: Executor,
  secretKey: string,
  user: Pick<UserRow, 'id' | 'totpEnabledAt'>,
  otp: string | undefined,
): Promise<string | null> => {
  if (user.totpEnabledAt === null) return null;
  if (!otp?.trim()) return TWO_FACTOR_MESSAGES.otpRequired;
  return (await spendCode(tx, secretKey, user.id, otp)) ? null : TWO_FACTOR_MESSAGES.wrongCode;
};

/** The account's set-up, turning off and recovery codes (issue 27). */
export const createTwoFactorService = (ctx: AppContext) => {
  const { db, config } = ctx;
  const throttle = createThrottle(db, config.throttle);

  /** A wrong code counts like a wrong password: a stolen session cannot guess its way on. */
  const guarded = async <T>(
    user: UserRow,
    client: RequestClient,
    attempt: () => Promise<T | null>,
  ): Promise<T> => {
    const failures = loginFailures(user.email, client.ip);
    await throttle.checkAll(failures);
    const result = await attempt();
    if (result !== null) return result;
    await throttle.hitAll(failures);
    throw fieldError('code', TWO_FACTOR_MESSAGES.wrongCode);
  };

  /** Replaces the account's recovery codes with ten new ones; answers them, once. */
  const replaceRecoveryCodes = async (tx: Executor, userId: number) => {
    const codes = newRecoveryCodes();
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
    return codes;
  };

  return {
    status: async (user: UserRow): Promise<TwoFactorStatus> => {
      const enabled = user.totpEnabledAt !== null;
      const [left] = enabled
        ? await db
            .select({ n: count() })
            .from(recoveryCodes)
            .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)))
        : [{ n: 0 }];
      return {
        enabled,
        recovery_codes_left: left?.n ?? 0,
        required: twoFactorRequired(config.requireStaff2fa, user),
      };
    },

    /** A new secret waiting for its first code; an earlier unconfirmed one is replaced. */
    setup: async (user: UserRow): Promise<TotpSetupResponse> => {
      if (user.totpEnabledAt !== null) throw badRequest(TWO_FACTOR_MESSAGES.alreadyOn);
      const secret = newTotpSecret();
      await db
        .update(users)
        .set({ totpPendingSecret: sealSecret(config.secretKey, secret) })
        .where(eq(users.id, user.id));
      const issuer = (await ctx.studio.current()).name;
      return { secret, otpauth_url: otpauthUrl(secret, issuer, user.email) };
    },

    /** The first code proves the app has the secret: two-factor is on, with ten recovery codes. */
    confirm: (user: UserRow, code: string, client: RequestClient): Promise<RecoveryCodesResponse> =>
      guarded(user, client, () =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .select({ pending: users.totpPendingSecret, enabledAt: users.totpEnabledAt })
            .from(users)
            .where(eq(users.id, user.id))
            .for('update');
          if (row?.enabledAt) throw badRequest(TWO_FACTOR_MESSAGES.alreadyOn);
          const secret = row?.pending ? openSecret(config.secretKey, row.pending) : null;
          if (!row?.pending || !secret) throw badRequest(TWO_FACTOR_MESSAGES.notStarted);
          const step = acceptedStep(secret, code, null);
          if (step === null) return null;
          await tx
            .update(users)
            .set({
              totpSecret: row.pending,
              totpPendingSecret: null,
              totpEnabledAt: new Date(),
              totpLastStep: step,
            })
            .where(eq(users.id, user.id));
          return { recovery_codes: await replaceRecoveryCodes(tx, user.id) };
        }),
      ),

    /** Off again, with the password (where the account has one) and a code or a recovery code. */
    disable: async (
      user: UserRow,
      body: TwoFactorDisableRequest,
      client: RequestClient,
    ): Promise<void> => {
      if (user.totpEnabledAt === null) throw badRequest(TWO_FACTOR_MESSAGES.notOn);
      if (
        user.passwordHash !== null &&
        !(await confirmPassword(throttle, user, body.password ?? '', client.ip))
      )
        throw fieldError('password', TWO_FACTOR_MESSAGES.wrongPassword);
      await guarded(user, client, () =>
        db.transaction(async (tx) => {
          if (!(await spendCode(tx, config.secretKey, user.id, body.code))) return null;
          await tx
            .update(users)
            .set({
              totpSecret: null,
              totpPendingSecret: null,
              totpEnabledAt: null,
              totpLastStep: null,
            })
            .where(eq(users.id, user.id));
          await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
          return true;
        }),
      );
    },

    /** Ten new recovery codes for a code from the app; the old ones stop working. */
    regenerate: async (
      user: UserRow,
      code: string,
      client: RequestClient,
    ): Promise<RecoveryCodesResponse> => {
      if (user.totpEnabledAt === null) throw badRequest(TWO_FACTOR_MESSAGES.notOn);
      return guarded(user, client, () =>
        db.transaction(async (tx) =>
          (await spendTotp(tx, config.secretKey, user.id, code))
            ? { recovery_codes: await replaceRecoveryCodes(tx, user.id) }
            : null,
        ),
      );
    },
  };
};
