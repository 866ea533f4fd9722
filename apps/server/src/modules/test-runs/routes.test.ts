import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { formatMomentWithZone } from '@portal/contract/time';
import {
  TEST_RUN_MESSAGES,
  type MilestoneTestState,
  type TestRun,
  type TestRunAttachment,
  type TestRunListItem,
  type TestRunResultRow,
} from '@portal/contract/test-runs';
import { testRunAttachments, testRunResults, testRuns, users } from '../../db/schema/index';
import { multipart } from '../../test/multipart';
import { useTestWorld } from '../../test/test-world';
import { issueToken } from '../auth/tokens';
import {
  DENIED,
  insertProject,
  NOT_FOUND,
  UNAUTHENTICATED,
  type Role,
} from '../clients/test-fixtures';
import { createTestPlanWorld } from '../test-plans/test-fixtures';

const { t, w } = useTestWorld(createTestPlanWorld, 'trn');
let impersonation: string;

beforeAll(async () => {
  impersonation = (
    await issueToken(t.db, w.users.member.id, { ttlMs: 60_000, impersonatorId: w.users.staff.id })
  ).token;
});

// The smallest valid PNG header is enough: attachments are checked by their first bytes.
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest of a screenshot'),
]);

const inject = (
  token: string | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as string }),
    headers: token ? { authorization: `Token ${token}` } : {},
  });
const asImpersonator = {
  post: (url: string, payload: unknown = {}) => inject(impersonation, 'POST', url, payload),
};

const upload = (role: Role, resultId: number, data = PNG, filename = 'broken.png') => {
  const body = multipart([{ name: 'file', filename, type: 'image/png', data }]);
  const token = w.tokens[role];
  return t.app.inject({
    method: 'POST',
    url: `/api/test-run-results/${resultId}/attachments/`,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Token ${token}` } : {}) },
  });
};

const start = async (milestone: number, role: Role = 'staff', name?: string) => {
  const res = await w.as(role).post('/api/test-runs/', { milestone, ...(name ? { name } : {}) });
  expect(res.statusCode).toBe(201);
  return res.json() as TestRun;
};
const record = (role: Role, resultId: number, body: unknown) =>
  w.as(role).patch(`/api/test-run-results/${resultId}/`, body);
const complete = (role: Role, runId: number) =>
  w.as(role).post(`/api/test-runs/${runId}/complete/`);
const signOff = (role: Role, runId: number, body: unknown) =>
  w.as(role).post(`/api/test-runs/${runId}/sign-off/`, body);

describe('starting a run', () => {
  it('copies the plan in flow then step order, names it Run N, and later plan edits leave it be', async () => {
    const plan = await w.planWith(2, 1);
    const run = await start(plan.milestone.id, 'member');
    expect(run).toMatchObject({
      milestone: plan.milestone.id,
      name: 'Run 1',
      status: 'in_progress',
      started_by: w.users.member.id,
      completed_at: null,
      signed_off_by: null,
      signature_name: '',
      summary: { total: 3, passed: 0, failed: 0, blocked: 0, skipped: 0, untested: 3 },
    });
    expect(run.results.map((r) => [r.order, r.flow_name, r.step_description, r.result])).toEqual([
      [0, 'F0', '0.0', 'untested'],
      [1, 'F0', '0.1', 'untested'],
      [2, 'F1', '1.0', 'untested'],
    ]);
    expect(run.results[0]).toMatchObject({
      run: run.id,
      step_type: 'VERIFY',
      note: '',
      attachments: [],
      updated_by: null,
      updated_at: null,
    });

    // Editing and deleting steps of the plan afterwards does not touch the run.
    const [firstStep, secondStep] = plan.flows[0]?.steps ?? [];
    await w.as('staff').patch(`/api/test-steps/${firstStep}/`, { description: 'changed' });
    await w.as('staff').delete(`/api/test-steps/${secondStep}/`);
    const again = (await w.as('staff').get(`/api/test-runs/${run.id}/`)).json() as TestRun;
    expect(again.results.map((r) => r.step_description)).toEqual(['0.0', '0.1', '1.0']);

    const second = await start(plan.milestone.id, 'staff');
    expect(second.name).toBe('Run 2');
    expect(second.results.map((r) => r.step_description)).toEqual(['changed', '1.0']);
    expect((await start(plan.milestone.id, 'staff', '  Release candidate ')).name).toBe(
      'Release candidate',
    );
  });

  it('refuses a milestone without steps, or unknown or of another client, naming the field', async () => {
    const empty = await w.createMilestone(w.projects.acme.id, 'Empty');
    const res = await w.as('member').post('/api/test-runs/', { milestone: empty.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ milestone: [TEST_RUN_MESSAGES.noSteps] });
    expect(await t.db.select().from(testRuns).where(eq(testRuns.milestoneId, empty.id))).toEqual(
      [],
    );
    const other = await w
      .as('outsider')
      .post('/api/test-runs/', { milestone: w.milestones.acme.id });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({
      milestone: [`Invalid pk "${w.milestones.acme.id}" - object does not exist.`],
    });
    expect((await w.as('staff').post('/api/test-runs/', {})).json()).toEqual({
      milestone: ['This field is required.'],
    });
    const blank = await w.as('staff').post('/api/test-runs/', {
      milestone: w.milestones.acme.id,
      name: ' ',
    });
    expect(blank.json()).toEqual({ name: ['This field may not be blank.'] });
  });

  it('visitors get 401 on every call', async () => {
    const run = await start(w.milestones.acme.id);
    const resultId = run.results[0]?.id ?? 0;
    for (const res of [
      await w.as('visitor').get('/api/test-runs/'),
      await w.as('visitor').get(`/api/test-runs/${run.id}/`),
      await w.as('visitor').post('/api/test-runs/', { milestone: w.milestones.acme.id }),
      await record('visitor', resultId, { result: 'passed' }),
      await upload('visitor', resultId),
      await complete('visitor', run.id),
      await signOff('visitor', run.id, { signature_name: 'X' }),
      await w.as('visitor').get(`/api/test-run-attachments/1/`),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
  });
});

describe('reading runs', () => {
  it('lists a milestone’s runs newest first with summaries; another client’s are 404', async () => {
    const plan = await w.planWith(1);
    const first = await start(plan.milestone.id);
    const second = await start(plan.milestone.id, 'member');
    await record('member', second.results[0]?.id ?? 0, { result: 'failed' });
    const list = (
      await w.as('member').get(`/api/test-runs/?milestone=${plan.milestone.id}`)
    ).json();
    expect(list.count).toBe(2);
    expect(list.results.map((r: TestRunListItem) => [r.id, r.summary.failed])).toEqual([
      [second.id, 1],
      [first.id, 0],
    ]);
    expect(list.results[0]).not.toHaveProperty('results');

    const outsider = w.as('outsider');
    expect(
      (await outsider.get(`/api/test-runs/?milestone=${plan.milestone.id}`)).json().count,
    ).toBe(0);
    const mine = await start(w.milestones.globex.id, 'outsider');
    const all = (await outsider.get('/api/test-runs/')).json();
    expect(all.results.map((r: TestRunListItem) => r.id)).toEqual([mine.id]);
    for (const res of [
      await outsider.get(`/api/test-runs/${first.id}/`),
      await record('outsider', first.results[0]?.id ?? 0, { result: 'passed' }),
      await upload('outsider', first.results[0]?.id ?? 0),
      await complete('outsider', first.id),
      await signOff('outsider', first.id, { signature_name: 'Mallory' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    // Staff see every client's runs.
    expect((await w.as('staff').get(`/api/test-runs/${mine.id}/`)).statusCode).toBe(200);
  });
});

describe('recording results', () => {
  it('saves a result and a note for staff and members, and refuses bad values naming the field', async () => {
    const run = await start(w.milestones.acme.id);
    const id = run.results[0]?.id ?? 0;
    const res = await record('member', id, { result: 'failed', note: 'The button is grey' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      result: 'failed',
      note: 'The button is grey',
      updated_by: w.users.member.id,
    });
    expect(res.json().updated_at).toEqual(expect.any(String));
    // A note alone keeps the result.
    const noted = await record('staff', id, { note: '' });
    expect(noted.json()).toMatchObject({
      result: 'failed',
      note: '',
      updated_by: w.users.staff.id,
    });
    // An empty PATCH changes nothing; a PUT needs both fields.
    expect((await record('staff', id, {})).json()).toMatchObject({ result: 'failed', note: '' });
    const put = await w.as('member').put(`/api/test-run-results/${id}/`, { result: 'passed' });
    expect(put.json()).toEqual({ note: ['This field is required.'] });
    const bad = await record('staff', id, { result: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ result: ['"maybe" is not a valid choice.'] });
    const long = await record('staff', id, { note: 'x'.repeat(5001) });
    expect(long.json()).toEqual({ note: ['Ensure this field has no more than 5000 characters.'] });
    expect((await record('staff', 2_000_000, { result: 'passed' })).statusCode).toBe(404);
  });

  it('attaches a screenshot served to the run’s readers and through its signed link only', async () => {
    const run = await start(w.milestones.acme.id);
    const id = run.results[0]?.id ?? 0;
    const res = await upload('member', id, PNG, 'C:\\shots\\broken.png');
    expect(res.statusCode).toBe(201);
    const attachment = res.json() as TestRunAttachment;
    expect(attachment).toMatchObject({
      name: 'broken.png',
      size: PNG.length,
      content_type: 'image/png',
    });
    const read = (await w.as('staff').get(`/api/test-runs/${run.id}/`)).json() as TestRun;
    expect(read.results[0]?.attachments).toEqual([
      { ...attachment, url: expect.stringMatching(/signature=/) },
    ]);

    // The signed link works without a token (an <img src>); a forged one does not.
    const signed = await t.app.inject({ method: 'GET', url: attachment.url });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('image/png');
    expect(signed.rawPayload.equals(PNG)).toBe(true);
    const forged = attachment.url.replace(/signature=[0-9a-f]/, 'signature=g');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(401);
    const plain = `/api/test-run-attachments/${attachment.id}/`;
    expect((await w.as('member').get(plain)).statusCode).toBe(200);
    expect((await w.as('outsider').get(plain)).statusCode).toBe(404);

    // The bytes are not reachable under /media/ either, whatever the key.
    const [row] = await t.db
      .select()
      .from(testRunAttachments)
      .where(eq(testRunAttachments.id, attachment.id));
    expect(row?.storageKey).toMatch(/^private\/test-runs\/[0-9a-f]{32}\.png$/);
    const key = row?.storageKey ?? '';
    for (const url of [
      `/media/${key}`,
      `/media/${key.replace('private', '%70rivate')}`,
      `/media//${key}`,
      `/media/./${key}`,
      `/media/users/../${key}`,
    ])
      // 404, or 403 where the static server itself refuses the path first.
      expect([403, 404], url).toContain((await t.app.inject({ method: 'GET', url })).statusCode);
  });

  it('answers a recorded result with its screenshots, one statement after the token check', async () => {
    const run = await start(w.milestones.acme.id);
    const id = run.results[0]?.id ?? 0;
    const shots = [(await upload('member', id)).json(), (await upload('staff', id)).json()];
    const statements = async (call: () => Promise<{ statusCode: number }>) => {
      const spy = vi.spyOn(pg.Client.prototype, 'query');
      try {
        expect((await call()).statusCode).toBe(200);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    const tokenCheck = await statements(() => w.as('member').get('/api/users/auth/'));
    let answer: unknown;
    const recorded = await statements(async () => {
      const res = await record('member', id, { result: 'blocked', note: 'Two shots' });
      answer = res.json();
      return res;
    });
    // A click in the runner waits for this answer (issue 30): no transaction of its own, no
    // second read, no recount of the run.
    expect(recorded).toBe(tokenCheck + 1);
    expect(answer).toMatchObject({ id, result: 'blocked', note: 'Two shots' });
    expect((answer as TestRunResultRow).attachments).toEqual(
      shots.map((shot) => ({ ...shot, url: expect.stringMatching(/signature=/) })),
    );
    // The empty PATCH answers the same screenshots.
    expect((await record('member', id, {})).json()).toEqual(answer);
  });

  it('waits for a run being completed and then refuses the result with 409, unwritten', async () => {
    const run = await start(w.milestones.acme.id);
    const id = run.results[0]?.id ?? 0;
    const { databaseUrl } = t.ctx.config;
    const completer = new pg.Client({ connectionString: databaseUrl });
    const watcher = new pg.Client({ connectionString: databaseUrl });
    await Promise.all([completer.connect(), watcher.connect()]);
    onTestFinished(() => Promise.all([completer.end(), watcher.end()]).then(() => undefined));
    // What complete does: the run FOR UPDATE, then its status, committed later.
    await completer.query('BEGIN');
    await completer.query('SELECT id FROM test_runs WHERE id = $1 FOR UPDATE', [run.id]);
    const pending = record('staff', id, { result: 'passed' });
    const waiting = async () => {
      const { rows } = await watcher.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'
            AND query LIKE '%"test_runs"%'`,
      );
      return rows[0]?.n;
    };
    await expect.poll(waiting).toBe(1);
    await completer.query("UPDATE test_runs SET status = 'completed' WHERE id = $1", [run.id]);
    await completer.query('COMMIT');
    const res = await pending;
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: TEST_RUN_MESSAGES.notInProgress });
    const [row] = await t.db.select().from(testRunResults).where(eq(testRunResults.id, id));
    expect(row?.result).toBe('untested');
  });

  it('refuses files that are not an image or PDF, empty or over 10 MB, with no file left', async () => {
    const run = await start(w.milestones.acme.id);
    const id = run.results[0]?.id ?? 0;
    const folder = path.join(t.ctx.config.mediaDir, 'private', 'test-runs');
    const before = existsSync(folder) ? (await readdir(folder)).length : 0;
    const html = await upload('staff', id, Buffer.from('<html><script>x</script>'), 'a.png');
    expect(html.statusCode).toBe(400);
    expect(html.json()).toEqual({ file: [TEST_RUN_MESSAGES.attachmentType] });
    expect((await upload('staff', id, Buffer.alloc(0))).json()).toEqual({
      file: [TEST_RUN_MESSAGES.attachmentEmpty],
    });
    const huge = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload('staff', id, huge)).json()).toEqual({
      file: [TEST_RUN_MESSAGES.attachmentTooLarge],
    });
    const pdf = await upload('staff', id, Buffer.from('%PDF-1.7 report'), 'report.pdf');
    expect(pdf.json()).toMatchObject({ content_type: 'application/pdf', name: 'report.pdf' });
    expect((await readdir(folder)).length).toBe(before + 1);
    const json = await w.as('staff').post(`/api/test-run-results/${id}/attachments/`, {});
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ file: [TEST_RUN_MESSAGES.attachmentMissing] });
  });
});

describe('completing and signing off', () => {
  it('limits a person to 60 uploads an hour: 429 with Retry-After, nothing stored', async () => {
    const run = await start(w.milestones.acme.id);
    const id = run.results[0]?.id ?? 0;
    const key = `uploads:user:${w.users.member.id}`;
    // 59 earlier uploads this hour (counted, without storing 59 files).
    await t.db.execute(
      sql`INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, 59, now() + interval '1 hour')
          ON CONFLICT (key) DO UPDATE SET count = 59, reset_at = excluded.reset_at`,
    );
    onTestFinished(async () => {
      await t.db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
    });
    expect((await upload('member', id)).statusCode).toBe(201);
    const refused = await upload('member', id);
    expect(refused.statusCode).toBe(429);
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThan(3500);
    expect(retry).toBeLessThanOrEqual(3600);
    const stored = await t.db
      .select()
      .from(testRunAttachments)
      .where(eq(testRunAttachments.resultId, id));
    expect(stored).toHaveLength(1);
    // Someone else's uploads are their own.
    expect((await upload('staff', id)).statusCode).toBe(201);
  });

  it('completes once (409 after), then refuses results and attachments with 409', async () => {
    const run = await start(w.milestones.acme.id, 'member');
    const res = await complete('member', run.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', summary: { untested: 1 } });
    expect(res.json().completed_at).toEqual(expect.any(String));
    const id = run.results[0]?.id ?? 0;
    for (const again of [
      await complete('staff', run.id),
      await record('staff', id, { result: 'passed' }),
      await upload('staff', id),
    ]) {
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: TEST_RUN_MESSAGES.notInProgress });
    }
  });

  it('is the client’s: staff and an impersonation session get 403, an unfinished run 409', async () => {
    const run = await start(w.milestones.acme.id);
    const early = await signOff('member', run.id, { signature_name: 'Dana Reyes' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: TEST_RUN_MESSAGES.notCompleted });
    await complete('staff', run.id);
    for (const res of [
      await signOff('staff', run.id, { signature_name: 'Lee Park' }),
      await asImpersonator.post(`/api/test-runs/${run.id}/sign-off/`, {
        signature_name: 'Dana Reyes',
      }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(DENIED);
    }
    const missing = await signOff('member', run.id, {});
    expect(missing.json()).toEqual({ signature_name: ['This field is required.'] });
    // The impersonator may still record, as the member could.
    expect((await inject(impersonation, 'GET', `/api/test-runs/${run.id}/`)).statusCode).toBe(200);
  });

  it('reads a signature or note of zero-width characters as blank: a 400, nothing written', async () => {
    const plan = await w.planWith(2);
    const run = await start(plan.milestone.id, 'staff');
    const [a, b] = run.results.map((r) => r.id);
    await record('staff', a ?? 0, { result: 'passed' });
    await record('staff', b ?? 0, { result: 'failed' });
    await complete('staff', run.id);
    const stored = async () =>
      (await t.db.select().from(testRuns).where(eq(testRuns.id, run.id)))[0];
    const before = await stored();
    // U+200B and friends are not whitespace to String.prototype.trim, so they looked signed.
    for (const invisible of ['\u200b', '\u200b\u200d\ufeff\u2060', ' \u2060\t']) {
      const unsigned = await signOff('member', run.id, { signature_name: invisible });
      expect(unsigned.statusCode).toBe(400);
      expect(unsigned.json()).toEqual({ signature_name: ['This field may not be blank.'] });
      const unexplained = await signOff('member', run.id, {
        signature_name: 'Dana Reyes',
        note: invisible,
      });
      expect(unexplained.statusCode).toBe(400);
      expect(unexplained.json()).toEqual({ note: [TEST_RUN_MESSAGES.noteRequired] });
    }
    expect(await stored()).toEqual(before);
    expect(before?.status).toBe('completed');
  });

  it('needs a note when a step failed or is blocked, records the signature and emails staff', async () => {
    const plan = await w.planWith(3);
    const run = await start(plan.milestone.id, 'staff');
    const [a, b, c] = run.results.map((r) => r.id);
    await record('staff', a ?? 0, { result: 'passed' });
    await record('staff', b ?? 0, { result: 'blocked' });
    await record('staff', c ?? 0, { result: 'skipped' });
    await complete('staff', run.id);
    const noNote = await signOff('member', run.id, { signature_name: 'Dana Reyes', note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json()).toEqual({ note: [TEST_RUN_MESSAGES.noteRequired] });

    await t.mail.flush();
    t.mail.clear();
    // Staff read the moment on their own clock.
    onTestFinished(async () => {
      await t.db.update(users).set({ timeZone: null }).where(eq(users.id, w.users.staff.id));
    });
    await t.db
      .update(users)
      .set({ timeZone: 'America/Los_Angeles' })
      .where(eq(users.id, w.users.staff.id));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/test-runs/${run.id}/sign-off/`,
      payload: { signature_name: ' Dana Reyes ', note: 'Blocked step is out of scope.' },
      headers: { authorization: `Token ${w.tokens.member}`, 'user-agent': 'Acceptance/1.0' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'signed_off',
      signed_off_by: w.users.member.id,
      signature_name: 'Dana Reyes',
      sign_off_note: 'Blocked step is out of scope.',
      summary: { passed: 1, blocked: 1, skipped: 1 },
    });
    expect(res.json().signed_off_at).toEqual(expect.any(String));
    const [row] = await t.db.select().from(testRuns).where(eq(testRuns.id, run.id));
    expect(row).toMatchObject({ signatureIp: '127.0.0.1', signatureUserAgent: 'Acceptance/1.0' });
    expect(res.json()).not.toHaveProperty('signatureIp');

    await t.mail.flush();
    const [email] = t.mail.to(w.users.staff.email);
    expect(email?.subject).toBe(`trn Acme signed off plan 3 of trn Acme Site (Run 1)`);
    expect(email?.text).toContain(
      `Dana Reyes signed off the test run "Run 1" of plan 3 (trn Acme Site) on ${formatMomentWithZone(res.json().signed_off_at, 'America/Los_Angeles')}.`,
    );
    expect(email?.text).toContain('(America/Los_Angeles).');
    expect(email?.text).toContain('Results of 3 steps: 1 passed, 0 failed, 1 blocked, 1 skipped');
    expect(email?.text).toContain('Blocked step is out of scope.');
    expect(email?.links).toContain(`http://portal.test/test-runs/${run.id}/report`);
    expect(t.mail.to(w.users.member.email)).toEqual([]);

    const twice = await signOff('member', run.id, { signature_name: 'Dana Reyes', note: 'x' });
    expect(twice.statusCode).toBe(409);
    // Results of a signed-off run stay as they were.
    expect((await record('staff', a ?? 0, { result: 'failed' })).statusCode).toBe(409);
    const [result] = await t.db
      .select()
      .from(testRunResults)
      .where(eq(testRunResults.id, a ?? 0));
    expect(result?.result).toBe('passed');
  });

  it('signs off without a note when nothing failed', async () => {
    const run = await start(w.milestones.acme.id);
    await record('staff', run.results[0]?.id ?? 0, { result: 'passed' });
    await complete('staff', run.id);
    const res = await signOff('member', run.id, { signature_name: 'Dana Reyes' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'signed_off', sign_off_note: '' });
  });
});

describe('runs across projects (issue 25)', () => {
  it('each say where they belong, and a client filters those waiting for her sign-off', async () => {
    const plan = await w.planWith(1);
    const run = await start(plan.milestone.id, 'member');
    const item = (
      (await w.as('member').get(`/api/test-runs/?milestone=${plan.milestone.id}`)).json() as {
        results: TestRunListItem[];
      }
    ).results[0];
    expect(item?.where).toEqual({
      client: w.acme.name,
      project: { slug: w.projects.acme.slug, name: w.projects.acme.name },
      milestone: plan.milestone.name,
    });
    const waiting = async () =>
      (
        (await w.as('member').get('/api/test-runs/?status=completed')).json() as {
          results: TestRunListItem[];
        }
      ).results.map((r) => r.id);
    expect(await waiting()).not.toContain(run.id);
    expect((await complete('member', run.id)).statusCode).toBe(200);
    expect(await waiting()).toContain(run.id);
    // Another client's member sees none of them, waiting or not.
    const theirs = (await w.as('outsider').get('/api/test-runs/?status=completed')).json() as {
      results: TestRunListItem[];
    };
    expect(theirs.results.map((r) => r.id)).not.toContain(run.id);

    const bad = await w.as('member').get('/api/test-runs/?status=done');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: ['"done" is not a valid choice.'] });
  });
});

describe('GET /api/milestone-test-states/', () => {
  it('follows each milestone from no plan to signed off, in the project order', async () => {
    const project = await insertProject(t, {
      clientId: w.acme.id,
      name: 'States',
      slug: 'trn-states',
    });
    const empty = await w.createMilestone(project.id, 'Empty');
    const tested = await w.createMilestone(project.id, 'Tested');
    const states = async () => {
      const res = await w.as('member').get(`/api/milestone-test-states/?project=${project.id}`);
      expect(res.statusCode).toBe(200);
      return res.json() as MilestoneTestState[];
    };
    const stateOf = async (id: number) => (await states()).find((s) => s.milestone === id);

    expect((await states()).map((s) => [s.milestone, s.state, s.run])).toEqual([
      [empty.id, 'no_plan', null],
      [tested.id, 'no_plan', null],
    ]);
    const flow = await w.createFlow(tested.id, 'Checkout');
    await w.createStep(flow.id, 'Pay');
    expect((await stateOf(tested.id))?.state).toBe('not_started');
    const run = await start(tested.id, 'member');
    expect(await stateOf(tested.id)).toEqual({
      milestone: tested.id,
      state: 'in_progress',
      run: {
        id: run.id,
        name: 'Run 1',
        status: 'in_progress',
        signature_name: '',
        signed_off_at: null,
      },
    });
    await complete('member', run.id);
    expect((await stateOf(tested.id))?.state).toBe('waiting_sign_off');
    expect((await signOff('member', run.id, { signature_name: 'Dana Reyes' })).statusCode).toBe(
      200,
    );
    const signed = await stateOf(tested.id);
    expect(signed?.state).toBe('signed_off');
    expect(signed?.run?.signature_name).toBe('Dana Reyes');
    expect(Date.parse(signed?.run?.signed_off_at ?? '')).not.toBeNaN();
    expect((await stateOf(empty.id))?.state).toBe('no_plan');
  });

  it('answers staff, the client’s users and staff as them; 404 for others, 401 for visitors', async () => {
    const url = `/api/milestone-test-states/?project=${w.projects.acme.id}`;
    expect((await w.as('staff').get(url)).statusCode).toBe(200);
    expect((await w.as('member').get(url)).statusCode).toBe(200);
    expect((await inject(impersonation, 'GET', url)).statusCode).toBe(200);
    const outsider = await w.as('outsider').get(url);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual(NOT_FOUND);
    const visitor = await w.as('visitor').get(url);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual(UNAUTHENTICATED);
    const missing = await w.as('staff').get('/api/milestone-test-states/');
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json() as object)).toEqual(['project']);
  });
});
