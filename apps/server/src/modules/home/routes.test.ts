import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Home, HomeSection, SearchResponse } from '@portal/contract/home';
import { milestones, testRuns } from '../../db/schema/index';
import { useTestWorld } from '../../test/test-world';
import { issueToken } from '../auth/tokens';
import { UNAUTHENTICATED } from '../clients/test-fixtures';
import { createEstimateWorld } from '../estimates/test-fixtures';

const { t, w } = useTestWorld(createEstimateWorld, 'home');
/** The staff member signed in as `member` (an impersonation token). */
let impersonating: (url: string) => Promise<LightMyRequestResponse>;
let acmeRun: number;
let globexRun: number;
let acmeMilestone: number;

beforeAll(async () => {
  const { token } = await issueToken(t.db, w.users.member.id, {
    ttlMs: t.ctx.config.tokenIdleMs,
    impersonatorId: w.users.staff.id,
  });
  impersonating = (url) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Token ${token}` } });

  // Something for every section: a website lead, a version of each client's estimate waiting,
  // a comment each way on Acme's item, a completed run on each client's milestone.
  expect(
    (
      await w.as('staff').post('/api/leads/', {
        first_name: 'Nora',
        last_name: 'Quist',
        email: 'nora@quist.test',
        phone: '555 0100',
        company: 'Quist Ltd',
        status: 'new',
      })
    ).statusCode,
  ).toBe(201);
  for (const estimate of [w.estimates.acme, w.estimates.globex])
    expect((await w.as('staff').post(`/api/estimates/${estimate.id}/send/`, {})).statusCode).toBe(
      201,
    );
  const comment = (role: 'member' | 'staff', content: string) =>
    w.as(role).post('/api/estimate-item-comments/', { item: w.items.acme.id, content });
  expect((await comment('member', 'Can the wireframes include mobile?')).statusCode).toBe(201);
  expect((await comment('staff', 'Yes, mobile is included.')).statusCode).toBe(201);
  // A deleted comment is not on anyone's home screen (it stays restorable for a while).
  const withdrawn = (await comment('member', 'Never mind.')).json<{ id: number }>();
  expect(
    (await w.as('member').delete(`/api/estimate-item-comments/${withdrawn.id}/`)).statusCode,
  ).toBe(204);

  const [acmeStone, globexStone] = await t.db
    .insert(milestones)
    .values([
      { projectId: w.projects.acme.id, name: 'Launch', order: 0 },
      { projectId: w.projects.globex.id, name: 'Beta', order: 0 },
    ])
    .returning();
  acmeMilestone = acmeStone!.id;
  const runs = await t.db
    .insert(testRuns)
    .values([
      {
        milestoneId: acmeStone!.id,
        number: 1,
        name: 'Run 1',
        status: 'completed',
        completedAt: new Date(),
      },
      {
        milestoneId: globexStone!.id,
        number: 1,
        name: 'Run 1',
        status: 'completed',
        completedAt: new Date(),
      },
    ])
    .returning();
  acmeRun = runs[0]!.id;
  globexRun = runs[1]!.id;
});

const sectionOf = (home: Home, key: HomeSection['key']) => {
  const section = home.sections.find((s) => s.key === key);
  if (!section) throw new Error(`no section ${key}`);
  return section;
};
const paths = (section: HomeSection) => section.entries.map((entry) => entry.path);

describe('GET /api/home/', () => {
  it('staff: new leads, versions waiting, completed runs and client comments, with counts', async () => {
    const res = await w.as('staff').get('/api/home/');
    expect(res.statusCode).toBe(200);
    const home = res.json<Home>();
    expect(home.role).toBe('staff');
    expect(home.projects).toEqual([]);
    const leads = sectionOf(home, 'new_leads');
    expect(leads.count).toBe(1);
    expect(leads.entries[0]).toMatchObject({
      title: 'Nora Quist',
      context: 'Quist Ltd · nora@quist.test',
      path: `/leads?lead=${leads.entries[0]!.id}`,
    });
    expect(leads.entries[0]!.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const waiting = sectionOf(home, 'versions_waiting');
    expect(waiting.count).toBe(2);
    expect(waiting.entries.map((e) => e.title).sort()).toEqual(
      [w.estimates.acme.name, w.estimates.globex.name].sort(),
    );
    expect(sectionOf(home, 'versions_decided').count).toBe(0);
    expect(paths(sectionOf(home, 'test_runs')).sort()).toEqual(
      [`/test-runs/${acmeRun}/report`, `/test-runs/${globexRun}/report`].sort(),
    );
    const comments = sectionOf(home, 'client_comments');
    expect(comments.entries.map((e) => e.title)).toEqual(['Can the wireframes include mobile?']);
    expect(comments.entries[0]!.context).toBe(
      `Dana Reyes on ${w.estimates.acme.name} · Wireframes`,
    );
  });

  it('client user: their projects with milestone progress and what waits for them only', async () => {
    const res = await w.as('member').get('/api/home/');
    expect(res.statusCode).toBe(200);
    const home = res.json<Home>();
    expect(home.role).toBe('client');
    expect(home.sections.map((s) => s.key)).toEqual([
      'estimates_to_approve',
      'runs_to_sign_off',
      'studio_replies',
    ]);
    expect(home.projects).toEqual([
      expect.objectContaining({
        slug: w.projects.acme.slug,
        milestones: 1,
        milestones_signed_off: 0,
      }),
    ]);
    const approve = sectionOf(home, 'estimates_to_approve');
    expect(approve.count).toBe(1);
    expect(approve.entries[0]).toMatchObject({ title: w.estimates.acme.name, status: 'sent' });
    expect(paths(sectionOf(home, 'runs_to_sign_off'))).toEqual([`/test-runs/${acmeRun}/report`]);
    expect(sectionOf(home, 'studio_replies').entries.map((e) => e.title)).toEqual([
      'Yes, mobile is included.',
    ]);
  });

  it("another client's user sees only their own client's", async () => {
    const home = (await w.as('outsider').get('/api/home/')).json<Home>();
    expect(home.projects.map((p) => p.slug)).toEqual([w.projects.globex.slug]);
    expect(sectionOf(home, 'estimates_to_approve').entries.map((e) => e.title)).toEqual([
      w.estimates.globex.name,
    ]);
    expect(paths(sectionOf(home, 'runs_to_sign_off'))).toEqual([`/test-runs/${globexRun}/report`]);
    expect(sectionOf(home, 'studio_replies').count).toBe(0);
  });

  it('staff impersonating a client user get that user’s home', async () => {
    const res = await impersonating('/api/home/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual((await w.as('member').get('/api/home/')).json());
  });

  it('a visitor gets 401', async () => {
    const res = await w.as('visitor').get('/api/home/');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });
});

describe('GET /api/search/', () => {
  const search = async (
    as: 'staff' | 'member' | 'outsider' | 'impersonating',
    q: string,
  ): Promise<SearchResponse['results']> => {
    const url = `/api/search/?q=${encodeURIComponent(q)}`;
    const res = as === 'impersonating' ? await impersonating(url) : await w.as(as).get(url);
    expect(res.statusCode).toBe(200);
    return res.json<SearchResponse>().results;
  };
  const titles = (results: SearchResponse['results']) => results.map((r) => `${r.type}:${r.title}`);

  it('staff find clients, projects, estimates, leads and milestones', async () => {
    expect(titles(await search('staff', 'home acme'))).toEqual([
      'client:home Acme',
      'project:home Acme Site',
      'estimate:home Acme estimate',
    ]);
    expect(await search('staff', 'quist')).toEqual([
      {
        type: 'lead',
        id: expect.any(Number),
        title: 'Nora Quist',
        context: 'Quist Ltd · nora@quist.test',
        path: expect.stringMatching(/^\/leads\?lead=\d+$/),
      },
    ]);
    expect(await search('staff', 'launch')).toEqual([
      {
        type: 'milestone',
        id: acmeMilestone,
        title: 'Launch',
        context: `home Acme · ${w.projects.acme.name}`,
        path: `/milestones/${acmeMilestone}`,
      },
    ]);
  });

  it('a client user finds their projects, estimates and milestones; never clients or leads', async () => {
    expect(titles(await search('member', 'home'))).toEqual([
      'project:home Acme Site',
      'estimate:home Acme estimate',
    ]);
    expect(titles(await search('member', 'launch'))).toEqual(['milestone:Launch']);
    expect(await search('member', 'quist')).toEqual([]);
    expect(await search('member', 'globex')).toEqual([]);
    expect(await search('member', 'beta')).toEqual([]);
  });

  it("another client's user finds nothing of Acme", async () => {
    expect(titles(await search('outsider', 'home'))).toEqual([
      'project:home Globex App',
      'estimate:home Globex estimate',
    ]);
    expect(await search('outsider', 'launch')).toEqual([]);
  });

  it('staff impersonating a client user search as that user', async () => {
    expect(await search('impersonating', 'home')).toEqual(await search('member', 'home'));
  });

  it('LIKE wildcards are literal text', async () => {
    expect(await search('staff', '%')).toEqual([]);
    expect(await search('staff', '_')).toEqual([]);
  });

  it('a visitor gets 401; a blank or missing q is a 400 on q', async () => {
    expect((await w.as('visitor').get('/api/search/?q=acme')).statusCode).toBe(401);
    for (const url of ['/api/search/', '/api/search/?q=%20%20']) {
      const res = await w.as('staff').get(url);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['q']);
    }
  });
});
