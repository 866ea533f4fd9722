import type { InjectOptions } from 'fastify';
import { leads } from '../../db/schema/index';
import { multipart, type Part } from '../../test/multipart';
import { createUser, type TestContext } from '../../test/test-app';
import { issueToken } from '../auth/tokens';

export type Role = 'visitor' | 'member' | 'impersonating' | 'staff' | 'otherStaff';
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type CallOptions = { ip?: string; headers?: Record<string, string> };

export const DENIED = { detail: 'You do not have permission to perform this action.' };
export const UNAUTHENTICATED = { detail: 'Authentication credentials were not provided.' };
export const NOT_FOUND = { detail: 'Not found.' };
export const THANKS = { detail: 'Thank you, we will be in touch.' };

let addressCounter = 0;
/** A fresh client address, so one test's website submissions never throttle another's. */
export const freshAddress = () =>
  `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

/**
 * The callers of the leads permission matrix: a visitor, a signed-in client user (`member`) and
 * two superusers. `as(role)` calls the API with that role's token.
 */
export const createLeadWorld = async (t: TestContext, prefix: string) => {
  const staff = await createUser(t.db, {
    email: `${prefix}-staff@studio.test`,
    isSuperuser: true,
  });
  const otherStaff = await createUser(t.db, {
    email: `${prefix}-other@studio.test`,
    isSuperuser: true,
  });
  const member = await createUser(t.db, { email: `${prefix}-member@client.test` });
  const token = async (userId: number, impersonatorId?: number) =>
    (
      await issueToken(t.db, userId, {
        ttlMs: t.ctx.config.tokenIdleMs,
        ...(impersonatorId === undefined ? {} : { impersonatorId }),
      })
    ).token;
  const tokens: Record<Role, string | null> = {
    visitor: null,
    member: await token(member.id),
    // A superuser looking through the member's eyes has the member's rights, nothing more.
    impersonating: await token(member.id, staff.id),
    staff: await token(staff.id),
    otherStaff: await token(otherStaff.id),
  };

  const call = (
    role: Role,
    method: Method,
    url: string,
    payload?: unknown,
    options: CallOptions = {},
  ) => {
    const key = tokens[role];
    const request: InjectOptions = {
      method,
      url,
      headers: { ...(key ? { authorization: `Token ${key}` } : {}), ...options.headers },
      remoteAddress: options.ip ?? freshAddress(),
    };
    if (payload !== undefined) request.payload = payload as InjectOptions['payload'];
    return t.app.inject(request);
  };
  const as = (role: Role) => ({
    get: (url: string) => call(role, 'GET', url),
    post: (url: string, payload?: unknown, options?: CallOptions) =>
      call(role, 'POST', url, payload ?? {}, options),
    patch: (url: string, payload: unknown) => call(role, 'PATCH', url, payload),
    put: (url: string, payload: unknown) => call(role, 'PUT', url, payload),
    delete: (url: string) => call(role, 'DELETE', url),
    /** A multipart form as a browser sends it. */
    upload: (url: string, parts: Part[]) => {
      const { payload, headers } = multipart(parts);
      return call(role, 'POST', url, payload, { headers });
    },
  });
  return { users: { staff, otherStaff, member }, tokens, as };
};
export type LeadWorld = Awaited<ReturnType<typeof createLeadWorld>>;

/** Inserts a lead directly; `createdAt` spaces them out so the newest-first order is certain. */
export const insertLead = async (
  t: TestContext,
  fields: Partial<typeof leads.$inferInsert> = {},
) => {
  const [row] = await t.db
    .insert(leads)
    .values({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', ...fields })
    .returning();
  if (!row) throw new Error('lead not created');
  return row;
};
