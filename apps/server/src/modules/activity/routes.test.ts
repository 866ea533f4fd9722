import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '@portal/contract/activity';
import { activity } from '../../db/schema/index';
import { TEST_PASSWORD } from '../../test/test-app';
import { useTestWorld } from '../../test/test-world';
import { createWorld, insertProject, UNAUTHENTICATED, type World } from '../clients/test-fixtures';

type Page = { count: number; results: Activity[] };

const { t, w } = useTestWorld(createWorld, 'act');
let acmeProject: { id: number; slug: string };
let globexProject: { id: number; slug: string };
let estimateId: number;
let leadId: number;
let sectionId: number;

const entries = async (role: Parameters<World['as']>[0], query = '') => {
  const res = await w.as(role).get(`/api/activity/${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<Page>();
};

const summary = (entry: Activity) => `${entry.verb} ${entry.target.type} ${entry.target.label}`;

const countRows = async () => (await t.db.select({ id: activity.id }).from(activity)).length;

beforeAll(async () => {
  acmeProject = await insertProject(t, {
    clientId: w.acme.id,
    name: 'Acme Site',
    slug: 'acme-site',
  });
  globexProject = await insertProject(t, {
    clientId: w.globex.id,
    name: 'Globex App',
    slug: 'globex-app',
  });
  const staff = w.as('staff');
  expect(
    (await staff.patch('/api/projects/acme-site/', { status: 'in_progress', phase: 'Design' }))
      .statusCode,
  ).toBe(200);
  expect(
    (await staff.post('/api/project-notes/', { project: globexProject.id, content: 'Globex only' }))
      .statusCode,
  ).toBe(201);
  const estimate = await staff.post('/api/estimates/', {
    project: acmeProject.id,
    name: 'Phase one',
    description: 'The first phase',
  });
  expect(estimate.statusCode).toBe(201);
  estimateId = estimate.json<{ id: number }>().id;
  const section = await staff.post('/api/estimate-sections/', {
    estimate: estimateId,
    name: 'Design',
  });
  expect(section.statusCode).toBe(201);
  sectionId = section.json<{ id: number }>().id;
  const lead = await staff.post('/api/leads/', {
    first_name: 'Ada',
    last_name: 'Byron',
    email: 'ada@example.test',
  });
  expect(lead.statusCode).toBe(201);
  leadId = lead.json<{ id: number }>().id;
  expect((await staff.patch(`/api/leads/${leadId}/`, { status: 'contacted' })).statusCode).toBe(
    200,
  );
});

describe('GET /api/activity/', () => {
  it('shows staff everything, newest first, with who, what and where', async () => {
    const page = await entries('staff');
    expect(page.results.map(summary)).toEqual([
      'status_changed lead Ada Byron',
      'created lead Ada Byron',
      'created estimate Phase one',
      'created estimate Phase one',
      'created note Globex only',
      'updated project Acme Site',
    ]);
    const [statusChange] = page.results;
    expect(statusChange).toMatchObject({
      actor: { id: w.users.staff.id, name: 'Lee Park' },
      impersonator: null,
      data: { from: 'new', to: 'contacted' },
      project: null,
      client: null,
    });
    expect(page.results.at(-1)).toMatchObject({
      data: { fields: ['phase', 'status'] },
      project: { id: acmeProject.id, slug: 'acme-site', name: 'Acme Site' },
      client: { id: w.acme.id, slug: w.acme.slug },
    });
    expect(page.results[2]?.data).toEqual({ part: 'section', name: 'Design' });
  });

  it('combines its filters', async () => {
    const byEstimate = await entries('staff', `?estimate=${estimateId}`);
    expect(byEstimate.count).toBe(2);
    expect((await entries('staff', `?lead=${leadId}`)).count).toBe(2);
    expect((await entries('staff', `?project=${acmeProject.id}`)).count).toBe(3);
    expect((await entries('staff', `?client=${w.globex.id}`)).results.map(summary)).toEqual([
      'created note Globex only',
    ]);
    expect(
      (await entries('staff', `?project=${acmeProject.id}&actor=${w.users.member.id}`)).count,
    ).toBe(0);
    expect(
      (await entries('staff', `?project=${acmeProject.id}&actor=${w.users.staff.id}`)).count,
    ).toBe(3);
  });

  it('answers a bad filter with a 400 naming it', async () => {
    const res = await w.as('staff').get('/api/activity/?project=abc');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['project']);
  });

  it('shows a client user only their own client’s project entries, never staff-only ones', async () => {
    expect((await entries('member')).results.map(summary)).toEqual([
      'created estimate Phase one',
      'created estimate Phase one',
      'updated project Acme Site',
    ]);
    expect((await entries('member', `?lead=${leadId}`)).count).toBe(0);
    expect((await entries('member', `?project=${globexProject.id}`)).count).toBe(0);
    expect((await entries('outsider')).results.map(summary)).toEqual(['created note Globex only']);
  });

  it('is closed to visitors', async () => {
    const res = await w.as('visitor').get('/api/activity/');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it('records a staff member impersonating a client user as "Lee as Dana"', async () => {
    const started = await w.as('staff').get(`/api/users/${w.users.member.id}/impersonate/`);
    expect(started.statusCode).toBe(200);
    const token = started.json<{ token: string }>().token;
    const [impersonation] = (await entries('staff')).results;
    expect(impersonation).toMatchObject({
      verb: 'impersonated',
      actor: { name: 'Lee Park' },
      target: { type: 'user', id: w.users.member.id, label: 'Dana Reyes' },
    });

    const item = await w.as('staff').post('/api/estimate-items/', {
      section: sectionId,
      description: 'Wireframes',
      hours_low: 4,
      hours_high: 6,
    });
    expect(item.statusCode).toBe(201);
    const comment = await t.app.inject({
      method: 'POST',
      url: '/api/estimate-item-comments/',
      headers: { authorization: `Token ${token}` },
      payload: { item: item.json<{ id: number }>().id, content: 'Looks good to us' },
    });
    expect(comment.statusCode).toBe(201);

    // The impersonated session reads as the client user: the sign-in and impersonation entries
    // stay hidden, the comment shows who really acted.
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/activity/?estimate=${estimateId}`,
      headers: { authorization: `Token ${token}` },
    });
    const [commented] = seen.json<Page>().results;
    expect(commented).toMatchObject({
      verb: 'commented',
      actor: { id: w.users.member.id, name: 'Dana Reyes' },
      impersonator: { id: w.users.staff.id, name: 'Lee Park' },
      data: { part: 'item', name: 'Wireframes', comment: 'Looks good to us' },
    });
    expect(seen.json<Page>().results.map((e) => e.verb)).not.toContain('impersonated');
  });

  it('records staff sign-ins (not client users’), visible to staff only', async () => {
    for (const user of [w.users.staff, w.users.member]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/token-auth/',
        payload: { username: user.email, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
    }
    const signIns = (await entries('staff', `?actor=${w.users.staff.id}`)).results.filter(
      (e) => e.verb === 'signed_in',
    );
    expect(signIns).toHaveLength(1);
    expect(signIns[0]).toMatchObject({
      data: { method: 'password' },
      target: { label: 'Lee Park' },
    });
    expect(
      (await entries('staff', `?actor=${w.users.member.id}`)).results.map((e) => e.verb),
    ).toEqual(['commented']);
    expect((await entries('member')).results.map((e) => e.verb)).not.toContain('signed_in');
    // The studio page leaves them out unless asked; everything else stays, counted.
    const all = await entries('staff', `?actor=${w.users.staff.id}`);
    const quiet = await entries('staff', `?actor=${w.users.staff.id}&sign_ins=false`);
    expect(quiet.results.map((e) => e.verb)).not.toContain('signed_in');
    expect(quiet.count).toBe(all.count - 1);
    expect((await entries('staff', `?actor=${w.users.staff.id}&sign_ins=true`)).count).toBe(
      all.count,
    );
    const bad = await w.as('staff').get('/api/activity/?sign_ins=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ sign_ins: ['Must be a valid boolean.'] });
  });
});

describe('recording', () => {
  it('writes one entry per change across clients, canvases, milestones and the lead pipeline', async () => {
    const staff = w.as('staff');
    const client = await staff.post('/api/clients/', { name: 'Initech' });
    expect(client.statusCode).toBe(201);
    const { id: clientId, slug } = client.json<{ id: number; slug: string }>();
    const canvas = await staff.post('/api/canvas/', { name: 'Data model', client_id: clientId });
    expect(canvas.statusCode).toBe(201);
    const canvasId = canvas.json<{ id: number }>().id;
    expect(
      (await staff.patch(`/api/canvas/${canvasId}/`, { name: 'Data model v2' })).statusCode,
    ).toBe(200);
    const milestone = await staff.post('/api/milestones/', {
      project: acmeProject.id,
      name: 'Beta',
    });
    expect(milestone.statusCode).toBe(201);
    const converted = await staff.post(`/api/leads/${leadId}/convert/`, {});
    expect(converted.statusCode).toBe(201);
    expect((await staff.delete(`/api/canvas/${canvasId}/`)).statusCode).toBe(204);
    expect((await staff.delete(`/api/clients/${slug}/`)).statusCode).toBe(204);

    const latest = (await entries('staff', '?page_size=7')).results.map(summary);
    expect(latest).toEqual([
      'deleted client Initech',
      'deleted canvas Data model v2',
      // One summarised entry: the client, project and client user it made are in its data.
      'converted lead Ada Byron',
      'created milestone Beta',
      'saved canvas Data model v2',
      'created canvas Data model',
      'created client Initech',
    ]);
    // The history of a deleted client stays readable under its label.
    expect((await entries('staff', `?client=${clientId}`)).count).toBe(5);
  });

  it("records a test plan's flows and steps and a run's start, for the client to read too", async () => {
    const milestone = await w
      .as('staff')
      .post('/api/milestones/', { project: acmeProject.id, name: 'Acceptance' });
    const milestoneId = milestone.json<{ id: number }>().id;
    const member = w.as('member');
    const flow = await member.post('/api/test-flows/', {
      milestone: milestoneId,
      name: 'Checkout',
    });
    expect(flow.statusCode).toBe(201);
    const flowId = flow.json<{ id: number }>().id;
    const step = await member.post('/api/test-steps/', {
      test_flow: flowId,
      description: 'Open the **cart**',
      type: 'INTERACT',
    });
    expect(step.statusCode).toBe(201);
    const stepId = step.json<{ id: number }>().id;
    expect((await member.patch(`/api/test-steps/${stepId}/`, { type: 'VERIFY' })).statusCode).toBe(
      200,
    );
    expect(
      (await member.patch(`/api/test-flows/${flowId}/`, { name: 'Check out' })).statusCode,
    ).toBe(200);
    const run = await member.post('/api/test-runs/', { milestone: milestoneId });
    expect(run.statusCode).toBe(201);
    const other = await member.post('/api/test-steps/', {
      test_flow: flowId,
      description: 'Pay',
      type: 'INTERACT',
    });
    const otherId = other.json<{ id: number }>().id;
    expect((await member.delete(`/api/test-steps/${otherId}/`)).statusCode).toBe(204);
    expect((await w.as('staff').delete(`/api/test-flows/${flowId}/`)).statusCode).toBe(204);

    const history = (await entries('member', `?project=${acmeProject.id}&page_size=8`)).results;
    expect(history.map((e) => [summary(e), e.data])).toEqual([
      ['deleted test_plan Acceptance', { part: 'flow', name: 'Check out' }],
      ['deleted test_plan Acceptance', { part: 'step', name: 'Pay' }],
      ['created test_plan Acceptance', { part: 'step', name: 'Pay' }],
      ['created test_run Run 1', {}],
      ['updated test_plan Acceptance', { part: 'flow', name: 'Check out', fields: ['name'] }],
      [
        'updated test_plan Acceptance',
        { part: 'step', name: 'Open the **cart**', fields: ['type'] },
      ],
      ['created test_plan Acceptance', { part: 'step', name: 'Open the **cart**' }],
      ['created test_plan Acceptance', { part: 'flow', name: 'Checkout' }],
    ]);
    expect(history.every((e) => e.target.type !== 'test_plan' || e.target.id === milestoneId)).toBe(
      true,
    );
    expect(history[7]?.actor?.id).toBe(w.users.member.id);
    expect((await entries('outsider', `?project=${acmeProject.id}`)).count).toBe(0);
  });

  it('keeps the label of a deleted target, and its history', async () => {
    const note = await w
      .as('staff')
      .post('/api/project-notes/', { project: acmeProject.id, content: 'Short-lived' });
    const id = note.json<{ id: number }>().id;
    expect((await w.as('staff').delete(`/api/project-notes/${id}/`)).statusCode).toBe(204);
    const rows = await t.db.select().from(activity).where(eq(activity.targetId, id));
    expect(rows.filter((r) => r.targetType === 'note').map((r) => [r.verb, r.targetLabel])).toEqual(
      [
        ['created', 'Short-lived'],
        ['deleted', 'Short-lived'],
      ],
    );
  });

  it('writes nothing when the change fails', async () => {
    const before = await countRows();
    // A duplicate link is refused by the unique index after the link insert was attempted.
    const link = { client: w.acme.id, user: w.users.member.id };
    expect((await w.as('staff').post('/api/client-users/', link)).statusCode).toBe(400);
    // A lead edit refused by validation, and a merge into a lead that does not exist.
    expect(
      (await w.as('staff').patch(`/api/leads/${leadId}/`, { email: 'not an email' })).statusCode,
    ).toBe(400);
    const merge = await w.as('staff').post(`/api/leads/${leadId}/merge/`, { into: 999_999 });
    expect(merge.statusCode).toBe(400);
    expect(await countRows()).toBe(before);
  });

  it('rolls back with a change that fails inside its transaction', async () => {
    const before = await countRows();
    // The entry is written, then the change fails: the entry goes with it.
    await expect(
      t.db.transaction(async (tx) => {
        const { record } = await import('./record');
        await record(tx, { verb: 'created', target: { type: 'lead', id: 1, label: 'x' } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await countRows()).toBe(before);
  });
});

describe("a deleted comment's words", () => {
  /** Every string anywhere in the activity the role reads about the target. */
  const wordsIn = async (query: string) => JSON.stringify((await entries('staff', query)).results);

  it('leave the activity with the comment, and come back with its Undo', async () => {
    const staff = w.as('staff');
    const item = await staff.post('/api/estimate-items/', {
      section: sectionId,
      description: 'Sitemap',
      hours_low: 1,
      hours_high: 2,
    });
    const itemId = item.json<{ id: number }>().id;
    const onItem = await w
      .as('member')
      .post('/api/estimate-item-comments/', { item: itemId, content: 'Our CFO   is  Jo Bloggs' });
    const onLead = await staff.post('/api/lead-comments/', {
      lead: leadId,
      message: 'Budget is 40k, keep it quiet',
    });
    expect([onItem.statusCode, onLead.statusCode]).toEqual([201, 201]);
    const itemComment = onItem.json<{ id: number }>().id;
    const leadComment = onLead.json<{ id: number }>().id;
    expect(await wordsIn(`?estimate=${estimateId}`)).toContain('Our CFO is Jo Bloggs');
    expect(await wordsIn(`?lead=${leadId}`)).toContain('Budget is 40k');

    expect(
      (await w.as('member').delete(`/api/estimate-item-comments/${itemComment}/`)).statusCode,
    ).toBe(204);
    expect((await staff.delete(`/api/lead-comments/${leadComment}/`)).statusCode).toBe(204);
    expect(await wordsIn(`?estimate=${estimateId}`)).not.toContain('Jo Bloggs');
    expect(await wordsIn(`?lead=${leadId}`)).not.toContain('40k');
    const [deleted] = (await entries('member', `?estimate=${estimateId}`)).results;
    expect(deleted).toMatchObject({
      verb: 'deleted',
      data: { part: 'comment', comment_id: itemComment },
    });

    expect((await staff.post(`/api/lead-comments/${leadComment}/restore/`, {})).statusCode).toBe(
      200,
    );
    const leadEntries = (await entries('staff', `?lead=${leadId}`)).results;
    expect(leadEntries.map((e) => [e.verb, e.data.comment])).toEqual(
      expect.arrayContaining([
        ['restored', undefined],
        ['deleted', undefined],
        ['commented', 'Budget is 40k, keep it quiet'],
      ]),
    );
    // The item's comment stays deleted, and so do its words.
    expect(await wordsIn(`?estimate=${estimateId}`)).not.toContain('Jo Bloggs');
  });
});

describe('a comment quoted in the activity', () => {
  it('is cut between characters, never inside an emoji', async () => {
    // 78 letters, then an emoji on the 79th and 80th UTF-16 units: where a cut by units fell.
    const message = `${'a'.repeat(78)}😀 and more after the cut`;
    const res = await w.as('staff').post('/api/lead-comments/', { lead: leadId, message });
    expect(res.statusCode, res.body).toBe(201);
    const [entry] = (await entries('staff', `?lead=${leadId}`)).results;
    expect(entry?.data.comment).toBe(`${'a'.repeat(78)}😀…`);
  });
});
