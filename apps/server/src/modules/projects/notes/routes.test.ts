import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { activity, projectNotes, type projects } from '../../../db/schema/index';
import { useTestWorld } from '../../../test/test-world';
import {
  createProjectWorld,
  DENIED,
  NOT_FOUND,
  UNAUTHENTICATED,
} from '../../clients/test-fixtures';

type ProjectRow = typeof projects.$inferSelect;
type NoteDto = { id: number; project: number; content: string; status: string; created_at: string };

const { t, w } = useTestWorld(createProjectWorld, 'no');
let acme: ProjectRow;
let globex: ProjectRow;
let acmeNote: NoteDto;
let globexNote: NoteDto;

const addNote = async (project: number, content: string, status?: string) => {
  const res = await w.as('staff').post('/api/project-notes/', {
    project,
    content,
    ...(status ? { status } : {}),
  });
  expect(res.statusCode).toBe(201);
  return res.json() as NoteDto;
};

beforeAll(async () => {
  ({ acme, globex } = w.projects);
  acmeNote = await addNote(acme.id, 'Kick-off went well.\nNext: wireframes.');
  globexNote = await addNote(globex.id, 'Confidential', 'on_hold');
});

describe('project notes', () => {
  it('answer the spec’s shape, open by default, with an ISO creation time', () => {
    expect(acmeNote).toEqual({
      id: expect.any(Number),
      project: acme.id,
      content: 'Kick-off went well.\nNext: wireframes.',
      status: 'open',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Math.abs(Date.parse(acmeNote.created_at) - Date.now())).toBeLessThan(60_000);
  });

  it('are read by members of the project’s client only', async () => {
    expect((await w.as('visitor').get('/api/project-notes/')).json()).toEqual(UNAUTHENTICATED);
    const member = w.as('member');
    expect((await member.get(`/api/project-notes/?project=${acme.id}`)).json().results).toEqual([
      acmeNote,
    ]);
    expect((await member.get('/api/project-notes/')).json().results).toEqual([acmeNote]);
    expect((await member.get(`/api/project-notes/${acmeNote.id}/`)).json()).toEqual(acmeNote);
    expect((await member.get(`/api/project-notes/${globexNote.id}/`)).json()).toEqual(NOT_FOUND);
    expect((await member.get(`/api/project-notes/?project=${globex.id}`)).json().count).toBe(0);
    const outsider = w.as('outsider');
    expect((await outsider.get('/api/project-notes/')).json().results).toEqual([globexNote]);
    expect((await outsider.get(`/api/project-notes/${acmeNote.id}/`)).statusCode).toBe(404);
  });

  it('are written by staff only', async () => {
    for (const [role, status, body] of [
      ['visitor', 401, UNAUTHENTICATED],
      ['member', 403, DENIED],
      ['outsider', 403, DENIED],
    ] as const) {
      const api = w.as(role);
      for (const res of [
        await api.post('/api/project-notes/', { project: acme.id, content: 'x' }),
        await api.patch(`/api/project-notes/${acmeNote.id}/`, { status: 'complete' }),
        await api.put(`/api/project-notes/${acmeNote.id}/`, { content: 'x' }),
        await api.delete(`/api/project-notes/${acmeNote.id}/`),
        await api.post(`/api/project-notes/${acmeNote.id}/restore/`),
      ]) {
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual(body);
      }
    }
  });

  it('staff create, change status and content, list newest first, and delete', async () => {
    const staff = w.as('staff');
    const note = await addNote(acme.id, 'Waiting on copy', 'on_hold');
    expect(note.status).toBe('on_hold');
    for (const status of ['complete', 'abandoned', 'open']) {
      const res = await staff.patch(`/api/project-notes/${note.id}/`, { status });
      expect(res.json()).toEqual({ ...note, status });
    }
    const put = await staff.put(`/api/project-notes/${note.id}/`, {
      content: 'Copy arrived',
      project: globex.id,
    });
    expect(put.json()).toEqual({ ...note, status: 'open', content: 'Copy arrived' });
    const list = (await staff.get(`/api/project-notes/?project=${acme.id}`)).json().results;
    expect(list.map((n: NoteDto) => n.id)).toEqual([note.id, acmeNote.id]);
    expect((await staff.delete(`/api/project-notes/${note.id}/`)).statusCode).toBe(204);
    expect((await staff.get(`/api/project-notes/${note.id}/`)).statusCode).toBe(404);
  });

  it('answer bad input with a 400 naming the field', async () => {
    const staff = w.as('staff');
    const cases: [unknown, Record<string, string[]>][] = [
      [{ content: 'x' }, { project: ['This field is required.'] }],
      [{ project: acme.id }, { content: ['This field is required.'] }],
      [{ project: acme.id, content: '   ' }, { content: ['This field may not be blank.'] }],
      [
        { project: acme.id, content: 'x', status: 'closed' },
        { status: ['"closed" is not a valid choice.'] },
      ],
      [{ project: acme.id, content: 'x', status: 3 }, { status: ['"3" is not a valid choice.'] }],
      [
        { project: 31337, content: 'x' },
        { project: ['Invalid pk "31337" - object does not exist.'] },
      ],
      [
        { project: [acme.id], content: 'x' },
        { project: ['Incorrect type. Expected pk value, received list.'] },
      ],
      [
        { project: acme.id, content: 'x'.repeat(10_001) },
        { content: ['Ensure this field has no more than 10000 characters.'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await staff.post('/api/project-notes/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    const patch = await staff.patch(`/api/project-notes/${acmeNote.id}/`, { status: 'OPEN' });
    expect(patch.json()).toEqual({ status: ['"OPEN" is not a valid choice.'] });
  });

  it('come back by Undo as they were: id, creation time, place, for staff only', async () => {
    const staff = w.as('staff');
    const older = await addNote(acme.id, 'Older');
    const gone = await addNote(acme.id, 'Deleted by mistake', 'on_hold');
    const newer = await addNote(acme.id, 'Newer');
    const ids = async () =>
      (await staff.get(`/api/project-notes/?project=${acme.id}`))
        .json<{ results: NoteDto[] }>()
        .results.map((n) => n.id);
    const before = await ids();
    expect(before.slice(0, 3)).toEqual([newer.id, gone.id, older.id]);

    expect((await staff.delete(`/api/project-notes/${gone.id}/`)).statusCode).toBe(204);
    expect(await ids()).toEqual(before.filter((id) => id !== gone.id));
    expect((await staff.get(`/api/project-notes/${gone.id}/`)).statusCode).toBe(404);
    expect((await staff.patch(`/api/project-notes/${gone.id}/`, { content: 'x' })).statusCode).toBe(
      404,
    );
    expect((await staff.delete(`/api/project-notes/${gone.id}/`)).statusCode).toBe(404);
    // A client's member sees neither the note nor a way to bring it back.
    const member = w.as('member');
    expect((await member.get(`/api/project-notes/${gone.id}/`)).statusCode).toBe(404);
    expect((await member.post(`/api/project-notes/${gone.id}/restore/`)).json()).toEqual(DENIED);

    const restored = await staff.post(`/api/project-notes/${gone.id}/restore/`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual(gone);
    expect(await ids()).toEqual(before);
    expect((await member.get(`/api/project-notes/${gone.id}/`)).json()).toEqual(gone);
    // Only a deleted note can be restored, and only once.
    expect((await staff.post(`/api/project-notes/${gone.id}/restore/`)).json()).toEqual(NOT_FOUND);
    expect((await staff.post('/api/project-notes/31337/restore/')).statusCode).toBe(404);

    const history = await t.db
      .select({ verb: activity.verb })
      .from(activity)
      .where(and(eq(activity.targetType, 'note'), eq(activity.targetId, gone.id)))
      .orderBy(activity.id);
    expect(history.map((r) => r.verb)).toEqual(['created', 'deleted', 'restored']);
  });

  it('are purged for good an hour after their delete, by the next delete', async () => {
    const staff = w.as('staff');
    const old = await addNote(acme.id, 'Deleted long ago');
    const other = await addNote(acme.id, 'Deleted now');
    expect((await staff.delete(`/api/project-notes/${old.id}/`)).statusCode).toBe(204);
    await t.db
      .update(projectNotes)
      .set({ deletedAt: sql`now() - interval '61 minutes'` })
      .where(eq(projectNotes.id, old.id));
    expect((await staff.post(`/api/project-notes/${old.id}/restore/`)).statusCode).toBe(404);
    expect((await staff.delete(`/api/project-notes/${other.id}/`)).statusCode).toBe(204);
    const left = await t.db
      .select({ id: projectNotes.id })
      .from(projectNotes)
      .where(eq(projectNotes.projectId, acme.id));
    expect(left.map((r) => r.id)).toContain(other.id);
    expect(left.map((r) => r.id)).not.toContain(old.id);
  });
});
