import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { canvases, clients, clientUsers, projects } from '../../db/schema/index';
import { useTestWorld } from '../../test/test-world';
import { createWorld, DENIED, NOT_FOUND, UNAUTHENTICATED, type Role } from './test-fixtures';

const { t, w } = useTestWorld(createWorld, 'cl');

const create = (body: unknown) => w.as('staff').post('/api/clients/', body);

describe('clients permissions', () => {
  const denied: [Role, number, object][] = [
    ['visitor', 401, UNAUTHENTICATED],
    ['outsider', 403, DENIED],
    ['member', 403, DENIED],
  ];

  it.each(denied)('%s cannot read or write clients', async (role, status, body) => {
    const api = w.as(role);
    const slug = w.acme.slug;
    for (const res of [
      await api.get('/api/clients/'),
      await api.get(`/api/clients/${slug}/`),
      await api.post('/api/clients/', { name: 'Sneaky' }),
      await api.patch(`/api/clients/${slug}/`, { name: 'Renamed' }),
      await api.put(`/api/clients/${slug}/`, { name: 'Renamed' }),
      await api.delete(`/api/clients/${slug}/`),
    ]) {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual(body);
    }
    const [row] = await t.db.select().from(clients).where(eq(clients.id, w.acme.id));
    expect(row?.name).toBe(w.acme.name);
  });

  it('staff list, read, create, update and delete clients', async () => {
    const api = w.as('staff');
    const created = await api.post('/api/clients/', { name: 'Initech', is_internal: true });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      name: 'Initech',
      slug: 'initech',
      is_internal: true,
    });
    expect((await api.get('/api/clients/initech/')).json()).toEqual(created.json());

    const patched = await api.patch('/api/clients/initech/', { is_internal: false });
    expect(patched.json()).toMatchObject({ name: 'Initech', is_internal: false });
    const put = await api.put('/api/clients/initech/', { name: 'Initech Ltd' });
    expect(put.json()).toMatchObject({ name: 'Initech Ltd', slug: 'initech', is_internal: false });

    const list = await api.get('/api/clients/');
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((c: { slug: string }) => c.slug)).toContain('initech');

    expect((await api.delete('/api/clients/initech/')).statusCode).toBe(204);
    expect((await api.get('/api/clients/initech/')).statusCode).toBe(404);
    expect((await api.delete('/api/clients/initech/')).json()).toEqual(NOT_FOUND);
  });
});

describe('client slugs', () => {
  it('derive from the name by the spec rule, punctuation and all', async () => {
    const cases: [string, string][] = [
      ['  Wayne   Enterprises ', 'wayne-enterprises'],
      ["Bob's Burgers & Co.", 'bobs-burgers-co'],
      ['snake_case__Name--here', 'snake-case-name-here'],
      ['100% Organic!', '100-organic'],
    ];
    for (const [name, slug] of cases) {
      const res = await create({ name });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name: name.trim(), slug });
    }
  });

  it('append -2, -3 … on a clash', async () => {
    const slugs = [];
    for (let i = 0; i < 3; i++)
      slugs.push((await create({ name: 'Stark Industries' })).json().slug);
    expect(slugs).toEqual(['stark-industries', 'stark-industries-2', 'stark-industries-3']);
    // A name that slugifies the same way clashes too.
    expect((await create({ name: 'STARK industries!' })).json().slug).toBe('stark-industries-4');
  });

  it('stay unique when many clients of one name are created at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => create({ name: 'Umbrella Corp' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const slugs = answers.map((r) => r.json().slug as string).sort();
    expect(new Set(slugs).size).toBe(12);
    expect(slugs).toContain('umbrella-corp');
    for (let n = 2; n <= 12; n++) expect(slugs).toContain(`umbrella-corp-${n}`);
  });

  it('normalise an explicit slug by the same rule, clashes included', async () => {
    const first = await create({ name: 'Cyberdyne', slug: ' Sky Net_Labs ' });
    expect(first.json().slug).toBe('sky-net-labs');
    const second = await create({ name: 'Other', slug: 'sky-net-labs' });
    expect(second.json().slug).toBe('sky-net-labs-2');
    // An empty or null slug means "derive it".
    expect((await create({ name: 'Tyrell', slug: '' })).json().slug).toBe('tyrell');
    expect((await create({ name: 'Soylent', slug: null })).json().slug).toBe('soylent');
  });

  it('stay short enough to be addressed in a path, however long the name', async () => {
    const name = `${'Very Long Name '.repeat(17)}End`.slice(0, 255);
    const first = (await create({ name })).json();
    const second = (await create({ name })).json();
    for (const client of [first, second]) {
      expect(client.slug.length).toBeLessThanOrEqual(200);
      expect(client.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect((await w.as('staff').get(`/api/clients/${client.slug}/`)).json().id).toBe(client.id);
    }
    expect(second.slug).toBe(`${first.slug}-2`);
  });

  it('never use a reserved word', async () => {
    expect((await create({ name: 'All' })).json().slug).toBe('all-2');
    expect((await create({ name: 'x', slug: 'ALL' })).json().slug).toBe('all-3');
  });

  it('answer a name or slug with nothing to slugify with a 400 on that field', async () => {
    const noName = await create({ name: '!!! ???' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({
      name: ['This value has no letters or digits to make a slug from.'],
    });
    const noSlug = await create({ name: 'Fine', slug: '***' });
    expect(noSlug.statusCode).toBe(400);
    expect(noSlug.json()).toHaveProperty('slug');
  });

  it('never change on update, even when a slug is sent', async () => {
    await create({ name: 'Hooli' });
    const res = await w.as('staff').patch('/api/clients/hooli/', {
      name: 'Hooli XYZ',
      slug: 'hooli-xyz',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Hooli XYZ', slug: 'hooli' });
    expect((await w.as('staff').get('/api/clients/hooli-xyz/')).statusCode).toBe(404);
  });
});

describe('client input and rules', () => {
  it('answers bad input with a 400 naming each field', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { name: ['This field is required.'] }],
      [{ name: '   ' }, { name: ['This field may not be blank.'] }],
      [{ name: 42 }, { name: ['Not a valid string.'] }],
      [{ name: null }, { name: ['This field may not be null.'] }],
      [{ name: 'x'.repeat(256) }, { name: ['Ensure this field has no more than 255 characters.'] }],
      [{ name: 'Ok', is_internal: 'yes' }, { is_internal: ['Must be a valid boolean.'] }],
      [{ name: 'Ok', slug: 7 }, { slug: ['Not a valid string.'] }],
      [['name'], { non_field_errors: ['Invalid data. Expected a dictionary.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    const patch = await w.as('staff').patch(`/api/clients/${w.acme.slug}/`, { is_internal: 3 });
    expect(patch.json()).toEqual({ is_internal: ['Must be a valid boolean.'] });
  });

  it('lists clients sorted by name, case-insensitively, in DRF pages', async () => {
    const api = w.as('staff');
    await create({ name: 'aardvark media' });
    await create({ name: 'Zeta Labs' });
    const page = await api.get('/api/clients/?page_size=2');
    expect(page.json()).toMatchObject({ count: expect.any(Number), previous: null });
    expect(page.json().next).toContain('page=2');
    const all = [];
    for (let url: string | null = '/api/clients/?page_size=3'; url;) {
      const res = await api.get(url);
      all.push(...res.json().results);
      const next: string | null = res.json().next;
      url = next && `${new URL(next).pathname}${new URL(next).search}`;
    }
    const names = all.map((c: { name: string }) => c.name);
    expect(names).toHaveLength(page.json().count);
    // Lowercase "aardvark" sorts before capitalised names, and everything before "Zeta".
    const at = (name: string) => names.indexOf(name);
    expect(at('aardvark media')).toBeGreaterThanOrEqual(0);
    expect(at('aardvark media')).toBeLessThan(at("Bob's Burgers & Co."));
    expect(at("Bob's Burgers & Co.")).toBeLessThan(at('cl Acme'));
    expect(at('cl Acme')).toBeLessThan(at('Zeta Labs'));
  });

  it('refuses to delete a client that still has projects, and deletes its links with it', async () => {
    const api = w.as('staff');
    const client = (await create({ name: 'Massive Dynamic' })).json();
    const [project] = await t.db
      .insert(projects)
      .values({ clientId: client.id, name: 'Pattern', slug: 'massive-pattern' })
      .returning();
    await t.db.insert(clientUsers).values({ clientId: client.id, userId: w.users.member.id });

    const refused = await api.delete(`/api/clients/${client.slug}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'This client still has projects. Delete its projects first.',
    });

    await t.db.delete(projects).where(eq(projects.id, project?.id ?? 0));
    expect((await api.delete(`/api/clients/${client.slug}/`)).statusCode).toBe(204);
    const links = await t.db.select().from(clientUsers).where(eq(clientUsers.clientId, client.id));
    expect(links).toEqual([]);
  });

  it('refuses to delete a client that still has a canvas, until the canvas is deleted', async () => {
    const api = w.as('staff');
    const client = (await create({ name: 'Cyberdyne' })).json();
    const canvas = await api.post('/api/canvas/', {
      name: 'Skynet',
      data: '',
      client_id: client.id,
    });
    expect(canvas.statusCode).toBe(201);

    const refused = await api.delete(`/api/clients/${client.slug}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'This client still has canvases. Delete its canvases first.',
    });
    expect(await t.db.select().from(canvases).where(eq(canvases.clientId, client.id))).toHaveLength(
      1,
    );

    expect((await api.delete(`/api/canvas/${canvas.json().id}/`)).statusCode).toBe(204);
    expect((await api.delete(`/api/clients/${client.slug}/`)).statusCode).toBe(204);
    expect(await t.db.select().from(clients).where(eq(clients.id, client.id))).toEqual([]);
  });
});
