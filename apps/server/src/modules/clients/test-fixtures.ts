import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { clients, clientUsers, projects } from '../../db/schema/index';
import { createUser, type TestContext } from '../../test/test-app';
import { issueToken } from '../auth/tokens';

/** The four callers of the permission matrix (DESIGN §5). */
export type Role = 'visitor' | 'outsider' | 'member' | 'staff';
export const ROLES: readonly Role[] = ['visitor', 'outsider', 'member', 'staff'];

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export const insertClient = async (
  t: TestContext,
  fields: { name: string; slug: string; isInternal?: boolean },
) => {
  const [row] = await t.db.insert(clients).values(fields).returning();
  if (!row) throw new Error('client not created');
  return row;
};

/**
 * Two clients, Acme and Globex; `member` belongs to Acme, `outsider` to Globex, `staff` is a
 * superuser. `as(role)` calls the API with that role's token (none for the visitor).
 */
export const createWorld = async (t: TestContext, prefix: string) => {
  const staff = await createUser(t.db, {
    email: `${prefix}-staff@studio.test`,
    firstName: 'Lee',
    lastName: 'Park',
    isSuperuser: true,
  });
  const member = await createUser(t.db, {
    email: `${prefix}-member@acme.test`,
    firstName: 'Dana',
    lastName: 'Reyes',
  });
  const outsider = await createUser(t.db, { email: `${prefix}-outsider@globex.test` });
  const acme = await insertClient(t, { name: `${prefix} Acme`, slug: `${prefix}-acme` });
  const globex = await insertClient(t, { name: `${prefix} Globex`, slug: `${prefix}-globex` });
  await t.db.insert(clientUsers).values([
    { clientId: acme.id, userId: member.id },
    { clientId: globex.id, userId: outsider.id },
  ]);
  const token = async (userId: number) =>
    (await issueToken(t.db, userId, { ttlMs: t.ctx.config.tokenIdleMs })).token;
  const tokens: Record<Role, string | null> = {
    visitor: null,
    outsider: await token(outsider.id),
    member: await token(member.id),
    staff: await token(staff.id),
  };

  const call = (role: Role, method: Method, url: string, payload?: unknown) => {
    const options: InjectOptions = { method, url };
    const key = tokens[role];
    if (key) options.headers = { authorization: `Token ${key}` };
    if (payload !== undefined) options.payload = payload as InjectOptions['payload'];
    return t.app.inject(options);
  };
  const as = (role: Role) => ({
    get: (url: string) => call(role, 'GET', url),
    post: (url: string, payload?: unknown) => call(role, 'POST', url, payload ?? {}),
    patch: (url: string, payload: unknown) => call(role, 'PATCH', url, payload),
    put: (url: string, payload: unknown) => call(role, 'PUT', url, payload),
    delete: (url: string) => call(role, 'DELETE', url),
  });

  return { users: { staff, member, outsider }, acme, globex, tokens, as };
};
export type World = Awaited<ReturnType<typeof createWorld>>;

export const DENIED = { detail: 'You do not have permission to perform this action.' };
export const UNAUTHENTICATED = { detail: 'Authentication credentials were not provided.' };
export const NOT_FOUND = { detail: 'Not found.' };

export const insertProject = async (
  t: TestContext,
  fields: { clientId: number; name: string; slug: string },
) => {
  const [row] = await t.db.insert(projects).values(fields).returning();
  if (!row) throw new Error('project not created');
  return row;
};

type Injected = { statusCode: number; json: () => unknown };

/** The answer's body, after checking the call created something (201). */
export const created = async <T>(response: Promise<Injected>) => {
  const res = await response;
  expect(res.statusCode).toBe(201);
  return res.json() as T;
};

/**
 * The permission-matrix world (Acme with `member`, Globex with `outsider`, staff) with a project
 * for each client, which the estimate and test-plan worlds build on.
 */
export const createProjectWorld = async (t: TestContext, prefix: string) => {
  const w = await createWorld(t, prefix);
  const acme = await insertProject(t, {
    clientId: w.acme.id,
    name: `${prefix} Acme Site`,
    slug: `${prefix}-acme-site`,
  });
  const globex = await insertProject(t, {
    clientId: w.globex.id,
    name: `${prefix} Globex App`,
    slug: `${prefix}-globex-app`,
  });
  return { ...w, projects: { acme, globex } };
};
export type ProjectWorld = Awaited<ReturnType<typeof createProjectWorld>>;
