import { createHmac } from 'node:crypto';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { UNVERIFIED_LOGIN_DETAIL, type TokenResponse } from '@portal/contract/auth';
import {
  PASSKEY_MESSAGES,
  type Passkey,
  type PasskeyCreateRequest,
  type PasskeyOptionsRequest,
  type PasskeyOptionsResponse,
  type PasskeySignInRequest,
} from '@portal/contract/passkeys';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { passkeys, users, webauthnChallenges } from '../../db/schema/index';
import type { UserRow } from '../../http/auth';
import type { RequestClient } from '../../http/client';
import { ApiError, fieldError, nonFieldError } from '../../http/errors';
import { isUniqueViolation } from '../../http/database-errors';
import {
  addressKey,
  createThrottle,
  loginAddressKey,
  loginFailures,
  THROTTLES,
} from '../../http/throttle';
import { confirmPassword } from '../auth/passwords';
import { secondFactorProblem } from '../two-factor/service';
import { TWO_FACTOR_MESSAGES } from '@portal/contract/two-factor';
import { openSession, tokenResponse } from '../auth/tokens';
import { describeDevice } from '@portal/contract/device';
import { passkeyAddedEmail } from './emails';
import { relyingParty } from './relying-party';
import { emailBrand } from '../../mail/format';
import { enqueueEmail, recipientZone } from '../../mail/outbox';

/** The WebAuthn library (and its X.509 and CBOR code): read by the first passkey call (decision 0052). */
const webauthn = () => import('@simplewebauthn/server');

const CHALLENGE_SECONDS = 5 * 60;
/**
 * EdDSA, ES256, RS256: what every authenticator offers. Named, rather than the library's default,
 * whose probe for post-quantum ML-DSA prints Node's "experimental feature" warning in the log.
 */
const ALGORITHMS = [-8, -7, -257];
type Purpose = 'register' | 'sign-in';

const toPasskey = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  created: row.createdAt.toISOString(),
  last_used: row.lastUsedAt?.toISOString() ?? null,
  backed_up: row.backedUp,
});

/** Keeps a fresh challenge for one answer; expired ones are cleared on the way. */
const keepChallenge = async (
  db: Executor,
  challenge: string,
  purpose: Purpose,
  userId?: number,
) => {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    userId: userId ?? null,
    expiresAt: sql`now() + make_interval(secs => ${CHALLENGE_SECONDS})`,
  });
};

/**
 * Spends a challenge as the WebAuthn library checks it: deleted in the statement that finds it,
 * so one answer (or a replay of it) is accepted once. Records whether it was found, to tell an
 * expired request from a forged one.
 */
const challengeSpender = (db: Executor, purpose: Purpose, userId?: number) => {
  const state = { found: false };
  const spend = async (challenge: string) => {
    const spent = await db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.purpose, purpose),
          userId === undefined
            ? sql`${webauthnChallenges.userId} IS NULL`
            : eq(webauthnChallenges.userId, userId),
          sql`${webauthnChallenges.expiresAt} > now()`,
        ),
      )
      .returning({ challenge: webauthnChallenges.challenge });
    state.found = spent.length > 0;
    return state.found;
  };
  return { spend, state };
};

/**
 * Passkeys (issue 27): adding, naming and removing them, and signing in with one. A passkey is
 * two factors in one — the device, and the fingerprint or PIN that unlocks it (user
 * verification is required) — so it signs in without the password and without the TOTP code.
 */
export const createPasskeyService = (ctx: AppContext) => {
  const { db, config } = ctx;
  const throttle = createThrottle(db, config.throttle);
  const party = async () => relyingParty(config.publicUrl, (await ctx.studio.current()).name);
  /** An opaque, stable handle for the person on her authenticator: not her id, not her email. */
  const webauthnUserId = (userId: number) =>
    createHmac('sha256', config.secretKey).update(`webauthn-user:${userId}`).digest();

  const list = async (userId: number): Promise<Passkey[]> =>
    (
      await db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
    ).map(toPasskey);

  /** Options for the browser's "create a passkey", after the password where she has one. */
  const registrationOptions = async (
    user: UserRow,
    proof: PasskeyOptionsRequest,
    client: RequestClient,
  ): Promise<PasskeyOptionsResponse> => {
    const failures = loginFailures(user.email, client.ip);
    if (user.passwordHash !== null) {
      if (!proof.password) throw fieldError('password', 'This field is required.');
      if (!(await confirmPassword(throttle, user, proof.password, client.ip)))
        throw fieldError('password', PASSKEY_MESSAGES.wrongPassword);
    } else await throttle.checkAll(failures);
    // A passkey signs in without the code: with two-factor on, adding one asks for it, so a
    // stolen session (or a stolen password) cannot add a way in that skips it.
    const codeProblem = await db.transaction((tx) =>
      secondFactorProblem(tx, config.secretKey, user, proof.code),
    );
    if (codeProblem === TWO_FACTOR_MESSAGES.wrongCode) await throttle.hitAll(failures);
    if (codeProblem) throw fieldError('code', codeProblem);
    const rp = await party();
    const existing = await db
      .select({ id: passkeys.credentialId, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.userId, user.id));
    const options = await (
      await webauthn()
    ).generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: user.email,
      userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
      userID: webauthnUserId(user.id),
      attestationType: 'none',
      // Discoverable, so signing in needs no email first; verified, so it is two factors.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: existing.map(({ id, transports }) => ({ id, transports })),
      timeout: CHALLENGE_SECONDS * 1000,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    await keepChallenge(db, options.challenge, 'register', user.id);
    return { options: { ...options } };
  };

  const add = async (
    user: UserRow,
    body: PasskeyCreateRequest,
    client: RequestClient,
  ): Promise<Passkey> => {
    const rp = await party();
    const challenge = challengeSpender(db, 'register', user.id);
    const verification = await (
      await webauthn()
    )
      .verifyRegistrationResponse({
        // Shaped by the contract; every byte is checked here.
        response: body.credential as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge.spend,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      })
      .catch(() => null);
    if (!verification?.verified)
      throw fieldError(
        'credential',
        challenge.state.found ? PASSKEY_MESSAGES.failed : PASSKEY_MESSAGES.expired,
      );
    const { credential, credentialBackedUp } = verification.registrationInfo;
    try {
      // The passkey and the email telling her of it, in one transaction.
      const added = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(passkeys)
          .values({
            userId: user.id,
            credentialId: credential.id,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: credential.transports ?? [],
            name: body.name || 'Passkey',
            backedUp: credentialBackedUp,
          })
          .returning();
        if (!row) throw new Error('passkey insert returned nothing');
        await enqueueEmail(
          tx,
          passkeyAddedEmail({
            to: user.email,
            brand: emailBrand(await ctx.studio.current(tx)),
            passkeyName: row.name,
            at: row.createdAt,
            zone: recipientZone(user.timeZone),
            from: [client.userAgent ? describeDevice(client.userAgent) : '', client.ip]
              .filter(Boolean)
              .join(', '),
            securityUrl: `${config.publicUrl}/profile?tab=security`,
          }),
        );
        return toPasskey(row);
      });
      ctx.mail.poke();
      return added;
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('credential', PASSKEY_MESSAGES.alreadyAdded);
      throw error;
    }
  };

  const rename = async (userId: number, id: number, name: string): Promise<Passkey | null> => {
    const [row] = await db
      .update(passkeys)
      .set({ name })
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning();
    return row ? toPasskey(row) : null;
  };

  const remove = async (userId: number, id: number): Promise<boolean> =>
    (
      await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning({ id: passkeys.id })
    ).length > 0;

  /** Options for "sign in with a passkey": any of this portal's, the browser offers them. */
  const signInOptions = async (client: RequestClient): Promise<PasskeyOptionsResponse> => {
    await throttle.hit(
      addressKey('passkey-options', client.ip),
      THROTTLES.passkeyOptionsPerAddress,
    );
    const rp = await party();
    const options = await (
      await webauthn()
    ).generateAuthenticationOptions({
      rpID: rp.id,
      userVerification: 'required',
      timeout: CHALLENGE_SECONDS * 1000,
    });
    await keepChallenge(db, options.challenge, 'sign-in');
    return { options: { ...options } };
  };

  const signIn = async (
    body: PasskeySignInRequest,
    client: RequestClient,
  ): Promise<TokenResponse> => {
    const failuresKey = loginAddressKey(client.ip);
    await throttle.check(failuresKey, THROTTLES.loginFailuresPerAddress);
    const refuse = async (message: string) => {
      await throttle.hit(failuresKey, THROTTLES.loginFailuresPerAddress);
      return nonFieldError(message);
    };
    const [found] = await db
      .select({ passkey: passkeys, user: users })
      .from(passkeys)
      .innerJoin(users, eq(users.id, passkeys.userId))
      .where(eq(passkeys.credentialId, body.credential.id))
      .limit(1);
    if (!found) throw await refuse(PASSKEY_MESSAGES.notRecognised);
    const { passkey, user } = found;

    const rp = await party();
    const challenge = challengeSpender(db, 'sign-in');
    const verification = await (
      await webauthn()
    )
      .verifyAuthenticationResponse({
        response: body.credential as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge.spend,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.counter,
          transports: passkey.transports as AuthenticatorTransport[],
        },
        requireUserVerification: true,
      })
      .catch(() => null);
    if (!verification?.verified)
      throw await refuse(
        challenge.state.found ? PASSKEY_MESSAGES.failed : PASSKEY_MESSAGES.expired,
      );
    if (!user.isActive) throw await refuse(PASSKEY_MESSAGES.notRecognised);
    if (!user.emailVerified) throw new ApiError(400, { detail: UNVERIFIED_LOGIN_DETAIL });

    return db.transaction(async (tx) => {
      await tx
        .update(passkeys)
        .set({
          counter: verification.authenticationInfo.newCounter,
          backedUp: verification.authenticationInfo.credentialBackedUp,
          lastUsedAt: sql`now()`,
        })
        .where(eq(passkeys.id, passkey.id));
      const session = await openSession(tx, user, {
        method: 'passkey',
        ttlMs: config.tokenIdleMs,
        client,
      });
      return tokenResponse(session, config.publicUrl);
    });
  };

  return { list, registrationOptions, add, rename, remove, signInOptions, signIn };
};
