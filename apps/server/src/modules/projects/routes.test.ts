import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { milestones, projectNotes, projectPhases, projects } from '../../db/schema/index';
import { createUser } from '../../test/test-app';
import { useTestWorld } from '../../test/test-world';
import { issueToken } from '../auth/tokens';
import {
  createWorld,
  DENIED,
  insertProject,
  NOT_FOUND,
  UNAUTHENTICATED,
  type Role,
} from '../clients/test-fixtures';

const { t, w } = useTestWorld(createWorld, 'pr');
let acmeSite: typeof projects.$inferSelect;
let globexApp: typeof projects.$inferSelect;

beforeAll(async () => {
  acmeSite = await insertProject(t, { clientId: w.acme.id, name: 'Acme Site', slug: 'acme-site' });
  globexApp = await insertProject(t, {
    clientId: w.globex.id,
    name: 'Globex App',
    slug: 'globex-app',
  });
});

const create = (body: Record<string, unknown>) =>
  w.as('staff').post('/api/projects/', { client: w.acme.id, ...body });
const slugs = (list: { slug: string }[]) => list.map((p) => p.slug);

describe('projects permissions', () => {
  it('visitors are asked to sign in for every call', async () => {
    const api = w.as('visitor');
    for (const res of [
      await api.get('/api/projects/'),
      await api.get('/api/projects/all/'),
      await api.get('/api/projects/acme-site/'),
      await api.post('/api/projects/', { client: w.acme.id, name: 'X' }),
      await api.patch('/api/projects/acme-site/', { name: 'X' }),
      await api.put('/api/projects/acme-site/', { name: 'X' }),
      await api.delete('/api/projects/acme-site/'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
  });

  it('members read only their clients’ projects; others are not found', async () => {
    const member = w.as('member');
    expect(slugs((await member.get('/api/projects/')).json().results)).toEqual(['acme-site']);
    expect(slugs((await member.get('/api/projects/all/')).json())).toEqual(['acme-site']);
    expect((await member.get('/api/projects/acme-site/')).json()).toMatchObject({
      id: acmeSite.id,
      client: w.acme.id,
    });
    const other = await member.get('/api/projects/globex-app/');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(NOT_FOUND);
    // Filtering by another client's slug shows nothing rather than its projects.
    expect((await member.get(`/api/projects/?client=${w.globex.slug}`)).json().count).toBe(0);

    const outsider = w.as('outsider');
    expect(slugs((await outsider.get('/api/projects/')).json().results)).toEqual(['globex-app']);
    expect(slugs((await outsider.get('/api/projects/all/')).json())).toEqual(['globex-app']);
    expect((await outsider.get('/api/projects/acme-site/')).statusCode).toBe(404);
  });

  it('a signed-in user of no client sees no projects at all', async () => {
    const user = await createUser(t.db, { email: 'pr-nobody@test.test' });
    const { token } = await issueToken(t.db, user.id, { ttlMs: 60_000 });
    const headers = { authorization: `Token ${token}` };
    const list = await t.app.inject({ method: 'GET', url: '/api/projects/', headers });
    expect(list.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    const one = await t.app.inject({ method: 'GET', url: '/api/projects/acme-site/', headers });
    expect(one.statusCode).toBe(404);
  });

  it.each<Role>(['outsider', 'member'])('%s may not write projects (403)', async (role) => {
    const api = w.as(role);
    for (const res of [
      await api.post('/api/projects/', { client: w.acme.id, name: 'Mine' }),
      await api.patch('/api/projects/acme-site/', { name: 'Hijacked' }),
      await api.put('/api/projects/acme-site/', { name: 'Hijacked' }),
      await api.delete('/api/projects/acme-site/'),
      // Refused before validation: a bad body gets the same answer.
      await api.post('/api/projects/', { percentage_complete: 'lots' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(DENIED);
    }
    const [row] = await t.db.select().from(projects).where(eq(projects.id, acmeSite.id));
    expect(row?.name).toBe('Acme Site');
  });

  it('staff see every project, filter by client slug and get a plain array from all/', async () => {
    const staff = w.as('staff');
    const list = (await staff.get('/api/projects/')).json();
    expect(slugs(list.results)).toEqual(expect.arrayContaining(['acme-site', 'globex-app']));
    expect(
      slugs((await staff.get(`/api/projects/?client=${w.globex.slug}`)).json().results),
    ).toEqual(['globex-app']);
    const all = (await staff.get('/api/projects/all/')).json();
    expect(Array.isArray(all)).toBe(true);
    expect(all.length).toBe(list.count);
    const names = all.map((p: { name: string }) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect((await staff.get('/api/projects/all/?client=nobody')).json()).toEqual([]);
  });
});

describe('project create, update and delete', () => {
  it('creates with every field, defaulting the rest, and answers the spec’s shape', async () => {
    const res = await create({
      name: 'Mobile App',
      vision: 'Line one\nLine two',
      statement_of_work: 'Build it.',
      target_date: '2026-03-31',
      status: 'in_progress',
      phase: 'Design',
      percentage_complete: '40',
      figma_url: 'https://figma.com/file/abc',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Mobile App',
      slug: 'mobile-app',
      client: w.acme.id,
      vision: 'Line one\nLine two',
      statement_of_work: 'Build it.',
      target_date: '2026-03-31',
      status: 'in_progress',
      phase: 'Design',
      percentage_complete: 40,
      slack_url: null,
      drive_folder_url: null,
      harvest_url: null,
      staging_url: null,
      production_url: null,
      figma_url: 'https://figma.com/file/abc',
      zeplin_url: null,
      frontend_repo_url: null,
      backend_repo_url: null,
      flutter_repo_url: null,
      android_repo_url: null,
      ios_repo_url: null,
    });
    const bare = (await create({ name: 'Bare' })).json();
    expect(bare).toMatchObject({
      vision: '',
      statement_of_work: '',
      target_date: null,
      status: 'not_started',
      phase: '',
      percentage_complete: 0,
    });
  });

  it('updates any field but never the slug or the client', async () => {
    const project = (await create({ name: 'Intranet' })).json();
    const res = await w.as('staff').patch('/api/projects/intranet/', {
      name: 'Intranet 2',
      slug: 'intranet-2',
      client: w.globex.id,
      percentage_complete: 100,
      status: 'complete',
      target_date: null,
      staging_url: 'http://staging.example.com',
      production_url: 'https://example.com',
      slack_url: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: project.id,
      name: 'Intranet 2',
      slug: 'intranet',
      client: w.acme.id,
      percentage_complete: 100,
      status: 'complete',
      staging_url: 'http://staging.example.com',
      production_url: 'https://example.com',
      slack_url: null,
    });
    // An empty string clears a URL.
    const cleared = await w.as('staff').patch('/api/projects/intranet/', { staging_url: '' });
    expect(cleared.json().staging_url).toBeNull();
    // PUT needs the whole object: the name at least.
    const put = await w.as('staff').put('/api/projects/intranet/', { status: 'on_hold' });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual({ name: ['This field is required.'] });
    const empty = await w.as('staff').patch('/api/projects/intranet/', {});
    expect(empty.json().name).toBe('Intranet 2');
    expect((await w.as('staff').patch('/api/projects/nope/', { name: 'x' })).statusCode).toBe(404);
  });

  it('deletes a project with its phases, notes and milestones', async () => {
    const project = (await create({ name: 'Short Lived' })).json();
    await t.db.insert(projectPhases).values({ projectId: project.id, phaseId: 1 });
    await t.db.insert(projectNotes).values({ projectId: project.id, content: 'note' });
    await t.db.insert(milestones).values({ projectId: project.id, name: 'M1', order: 0 });
    expect((await w.as('staff').delete('/api/projects/short-lived/')).statusCode).toBe(204);
    for (const table of [projectPhases, projectNotes, milestones])
      expect(await t.db.select().from(table).where(eq(table.projectId, project.id))).toEqual([]);
    expect((await w.as('staff').get('/api/projects/short-lived/')).statusCode).toBe(404);
  });
});

describe('project slugs', () => {
  it('derive from the name, punctuation removed, -2, -3 on a clash', async () => {
    expect((await create({ name: "  Dana's   Web_Shop!! " })).json().slug).toBe('danas-web-shop');
    expect((await create({ name: 'Dana’s web shop' })).json().slug).toBe('danas-web-shop-2');
    expect((await create({ name: 'DANAS WEB SHOP' })).json().slug).toBe('danas-web-shop-3');
  });

  it('stay unique when created at once', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => create({ name: 'Rush' })));
    const got = answers.map((r) => r.json().slug as string).sort();
    expect(got).toEqual([
      'rush',
      'rush-2',
      'rush-3',
      'rush-4',
      'rush-5',
      'rush-6',
      'rush-7',
      'rush-8',
    ]);
  });

  it('never take the reserved word "all", so /api/projects/all/ stays the list', async () => {
    const res = await create({ name: 'All' });
    expect(res.json().slug).toBe('all-2');
    expect(Array.isArray((await w.as('staff').get('/api/projects/all/')).json())).toBe(true);
    expect((await w.as('staff').get('/api/projects/all-2/')).json().name).toBe('All');
  });

  it('normalise an explicit slug and refuse a name with nothing to slugify', async () => {
    expect((await create({ name: 'Whatever', slug: 'My Custom Slug' })).json().slug).toBe(
      'my-custom-slug',
    );
    const res = await create({ name: '¿¡!?' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: ['This value has no letters or digits to make a slug from.'],
    });
  });
});

describe('project input', () => {
  it('answers bad input with a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ name: 'x', client: undefined }, { client: ['This field is required.'] }],
      [{ name: 'x', client: 999999 }, { client: ['Invalid pk "999999" - object does not exist.'] }],
      [
        { name: 'x', client: 'acme' },
        { client: ['Incorrect type. Expected pk value, received str.'] },
      ],
      [
        { name: 'x', client: true },
        { client: ['Incorrect type. Expected pk value, received bool.'] },
      ],
      [{ name: '' }, { name: ['This field may not be blank.'] }],
      [{ name: ['x'] }, { name: ['Not a valid string.'] }],
      [
        { name: 'x', percentage_complete: 101 },
        { percentage_complete: ['Ensure this value is less than or equal to 100.'] },
      ],
      [
        { name: 'x', percentage_complete: -1 },
        { percentage_complete: ['Ensure this value is greater than or equal to 0.'] },
      ],
      [
        { name: 'x', percentage_complete: 'half' },
        { percentage_complete: ['A valid integer is required.'] },
      ],
      [
        { name: 'x', percentage_complete: 12.5 },
        { percentage_complete: ['A valid integer is required.'] },
      ],
      [
        { name: 'x', target_date: '2026-02-30' },
        { target_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] },
      ],
      [
        { name: 'x', target_date: '0000-01-01' },
        { target_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] },
      ],
      [
        { name: 'x', target_date: '31/12/2026' },
        { target_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] },
      ],
      [{ name: 'x', status: 'done' }, { status: ['"done" is not a valid choice.'] }],
      [{ name: 'x', figma_url: 'figma.com/file' }, { figma_url: ['Enter a valid URL.'] }],
      [{ name: 'x', slack_url: 'javascript:alert(1)' }, { slack_url: ['Enter a valid URL.'] }],
      [
        { name: 'x', ios_repo_url: 'ftp://repo.example.com' },
        { ios_repo_url: ['Enter a valid URL.'] },
      ],
      [{ name: 'x', vision: 5 }, { vision: ['Not a valid string.'] }],
      [
        { name: 'x', status: 'nope', production_url: 'nope' },
        { status: ['"nope" is not a valid choice.'], production_url: ['Enter a valid URL.'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    const patch = await w.as('staff').patch('/api/projects/acme-site/', {
      percentage_complete: 101,
      target_date: 'soon',
    });
    expect(Object.keys(patch.json()).sort()).toEqual(['percentage_complete', 'target_date']);
    const badPage = await w.as('staff').get('/api/projects/?page=0');
    expect(badPage.statusCode).toBe(404);
    expect(badPage.json()).toEqual({ detail: 'Invalid page.' });
  });

  it('answers malformed JSON and a non-object body with a 400', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: { authorization: `Token ${w.tokens.staff}`, 'content-type': 'application/json' },
      payload: '{"name": "x",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toMatch(/JSON parse error/);
    const array = await w.as('staff').post('/api/projects/', ['x']);
    expect(array.json()).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
  });

  it('keeps the globex project untouched by all of this', async () => {
    const res = await w.as('staff').get(`/api/projects/${globexApp.slug}/`);
    expect(res.json()).toMatchObject({ name: 'Globex App', client: w.globex.id });
  });
});
