import { asc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clients, clientUsers, projects } from '../db/schema/index';
import { createUser } from '../test/test-app';
import { useTestApp } from '../test/test-world';
import {
  clientIdsOf,
  clientScope,
  scoped,
  scopeThrough,
  type Scope,
  type ScopeCondition,
  visibleOr404,
} from './scope';

const t = useTestApp();
let w: {
  acme: { id: number };
  globex: { id: number };
  users: Record<'staff' | 'member' | 'outsider', { id: number }>;
};
beforeAll(async () => {
  const [acme, globex] = await t.db
    .insert(clients)
    .values([
      { name: 'Acme', slug: 'acme' },
      { name: 'Globex', slug: 'globex' },
    ])
    .returning();
  if (!acme || !globex) throw new Error('clients not created');
  const staff = await createUser(t.db, { email: 'sc-staff@test.test', isSuperuser: true });
  const member = await createUser(t.db, { email: 'sc-member@test.test' });
  const outsider = await createUser(t.db, { email: 'sc-outsider@test.test' });
  await t.db.insert(clientUsers).values([
    { clientId: acme.id, userId: member.id },
    { clientId: globex.id, userId: outsider.id },
  ]);
  w = { acme, globex, users: { staff, member, outsider } };
});

/** The ids of `table` a scope condition keeps, in id order. */
const visibleIds = async (
  table: typeof clients | typeof projects,
  condition: ScopeCondition,
  scope: Scope,
) =>
  (
    await t.db
      .select({ id: table.id })
      .from(table)
      .where(condition(t.db, scope, table.id))
      .orderBy(asc(table.id))
  ).map((row) => row.id);

const visibleClients = (scope: Scope) => visibleIds(clients, clientScope, scope);

describe('scope', () => {
  it('lets staff see every client, members their own, and anyone else nothing', async () => {
    const loner = await createUser(t.db, { email: 'sc-loner@test.test' });
    expect(await visibleClients({ kind: 'staff', userId: w.users.staff.id })).toEqual([
      w.acme.id,
      w.globex.id,
    ]);
    expect(await visibleClients({ kind: 'member', userId: w.users.member.id })).toEqual([
      w.acme.id,
    ]);
    expect(await visibleClients({ kind: 'member', userId: w.users.outsider.id })).toEqual([
      w.globex.id,
    ]);
    expect(await visibleClients({ kind: 'member', userId: loner.id })).toEqual([]);
    expect(clientScope(t.db, { kind: 'staff', userId: 1 }, clients.id)).toBeUndefined();
  });

  it('combines the scope with other conditions and lists a user’s clients', async () => {
    const member: Scope = { kind: 'member', userId: w.users.member.id };
    const rows = await t.db
      .select({ id: clients.id })
      .from(clients)
      .where(scoped(t.db, member, clients.id, undefined));
    expect(rows.map((r) => r.id)).toEqual([w.acme.id]);
    expect(await clientIdsOf(t.db, w.users.member.id)).toEqual([w.acme.id]);
  });

  it('scopes a record through its parent: the projects of the clients a member belongs to', async () => {
    const [acmeSite, globexSite] = await t.db
      .insert(projects)
      .values([
        { clientId: w.acme.id, name: 'Acme site', slug: 'sc-acme-site' },
        { clientId: w.globex.id, name: 'Globex site', slug: 'sc-globex-site' },
      ])
      .returning();
    if (!acmeSite || !globexSite) throw new Error('projects not created');
    const projectScope = scopeThrough(projects, 'clientId', clientScope);
    const visibleProjects = (scope: Scope) => visibleIds(projects, projectScope, scope);
    expect(await visibleProjects({ kind: 'member', userId: w.users.member.id })).toEqual([
      acmeSite.id,
    ]);
    expect(await visibleProjects({ kind: 'staff', userId: w.users.staff.id })).toEqual([
      acmeSite.id,
      globexSite.id,
    ]);
    expect(projectScope(t.db, { kind: 'staff', userId: 1 }, projects.id)).toBeUndefined();
  });

  it('turns a detail the scope cannot see into a 404', () => {
    expect(visibleOr404({ id: 1 })).toEqual({ id: 1 });
    expect(() => visibleOr404(null)).toThrow(expect.objectContaining({ statusCode: 404 }));
  });
});
