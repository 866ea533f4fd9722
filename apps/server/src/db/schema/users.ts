import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, createdAt, parentId, serialId } from './columns';

export const users = pgTable(
  'users',
  {
    id: serialId(),
    email: varchar('email', { length: 254 }).notNull(),
    // Null for accounts that have never set one (Google sign-in, invitations).
    passwordHash: text('password_hash'),
    firstName: varchar('first_name', { length: 150 }).notNull().default(''),
    lastName: varchar('last_name', { length: 150 }).notNull().default(''),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    image: varchar('image', { length: 255 }),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    // An IANA name; null until the person's first sign-in sets their browser's (issue 25).
    timeZone: varchar('time_zone', { length: 64 }),
    isActive: boolean('is_active').notNull().default(true),
    emailVerified: boolean('email_verified').notNull().default(false),
    // Two-factor (issue 27): secrets sealed with SECRET_KEY (modules/two-factor/secrets.ts), so a
    // copy of the database alone cannot make codes. `totpPendingSecret` waits for the first code;
    // the last accepted time step refuses a code used twice.
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: at('totp_enabled_at'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    lastLogin: at('last_login'),
    dateJoined: at('date_joined').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // Staff user search matches partial names and emails.
    index('users_search_trgm').using(
      'gin',
      sql`(lower(${t.email}) || ' ' || lower(${t.firstName}) || ' ' || lower(${t.lastName})) gin_trgm_ops`,
    ),
  ],
);

/** Who did something. A person leaving the studio does not take the record of what they did. */
export const userRef = (name: string) =>
  integer(name).references(() => users.id, { onDelete: 'set null' });

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serialId(),
    userId: parentId('user_id', () => users.id),
    // SHA-256 of the token; the token itself is never stored.
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    // Set on impersonation tokens: the superuser acting as userId.
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    // Where the session was opened (issue 27: a person's list of sessions); null before.
    userAgent: varchar('user_agent', { length: 512 }),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [
    uniqueIndex('auth_tokens_key_hash_key').on(t.keyHash),
    index('auth_tokens_user_idx').on(t.userId),
  ],
);

export const impersonations = pgTable(
  'impersonations',
  {
    id: serialId(),
    impersonatorId: parentId('impersonator_id', () => users.id),
    targetId: parentId('target_id', () => users.id),
    startedAt: at('started_at').notNull().defaultNow(),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [index('impersonations_impersonator_idx').on(t.impersonatorId)],
);

export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: serialId(),
    userId: parentId('user_id', () => users.id),
    provider: varchar('provider', { length: 32 }).notNull(),
    uid: varchar('uid', { length: 255 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('social_accounts_provider_uid_key').on(t.provider, t.uid)],
);

/** Single-use codes that stand in for the authenticator (issue 27); only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serialId(),
    userId: parentId('user_id', () => users.id),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * Passkeys (WebAuthn, issue 27): one per credential a person registered. The public key and the
 * credential id are base64url as WebAuthn's JSON spells them; a signature counter that stops
 * growing is a cloned authenticator (most synced passkeys keep it at 0).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serialId(),
    userId: parentId('user_id', () => users.id),
    credentialId: varchar('credential_id', { length: 1366 }).notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: varchar('name', { length: 64 }).notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_user_id_idx').on(t.userId),
  ],
);

/**
 * WebAuthn challenges waiting for their answer: each is spent once (deleted as it is checked) and
 * lives five minutes. A registration's belongs to the person adding a passkey; a sign-in's to
 * nobody yet.
 */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  challenge: varchar('challenge', { length: 128 }).primaryKey(),
  purpose: varchar('purpose', { length: 16 }).notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: at('expires_at').notNull(),
});
