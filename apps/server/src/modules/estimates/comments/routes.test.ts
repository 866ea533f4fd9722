import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EstimateItemComment } from '@portal/contract/estimates';
import { estimateItemComments, users } from '../../../db/schema/index';
import { useTestWorld } from '../../../test/test-world';
import { DENIED, NOT_FOUND, UNAUTHENTICATED } from '../../clients/test-fixtures';
import { createEstimateWorld } from '../test-fixtures';

const { t, w } = useTestWorld(createEstimateWorld, 'cmt');
let staffComment: EstimateItemComment;
let globexComment: EstimateItemComment;

const URL = '/api/estimate-item-comments/';

beforeAll(async () => {
  staffComment = (
    await w.as('staff').post(URL, { item: w.items.acme.id, content: 'Staff asks' })
  ).json();
  globexComment = (
    await w.as('outsider').post(URL, { item: w.items.globex.id, content: 'Globex only' })
  ).json();
});

describe('estimate-item-comments permissions', () => {
  it('visitors get 401 everywhere', async () => {
    const api = w.as('visitor');
    for (const res of [
      await api.get(URL),
      await api.get(`${URL}?estimate_item=${w.items.acme.id}`),
      await api.get(`${URL}${staffComment.id}/`),
      await api.post(URL, { item: w.items.acme.id, content: 'x' }),
      await api.delete(`${URL}${staffComment.id}/`),
      await api.post(`${URL}${staffComment.id}/restore/`),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
  });

  it('members comment on their estimates’ items as themselves', async () => {
    const res = await w.as('member').post(URL, {
      item: String(w.items.acme.id),
      content: '  Is this in scope?  ',
      user: w.users.staff.id,
    });
    expect(res.statusCode).toBe(201);
    const comment = res.json();
    expect(comment).toEqual({
      id: expect.any(Number),
      item: w.items.acme.id,
      content: 'Is this in scope?',
      user: { id: w.users.member.id, email: 'cmt-member@acme.test' },
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const list = (await w.as('member').get(`${URL}?estimate_item=${w.items.acme.id}`)).json();
    expect(list.results).toEqual([staffComment, comment]);
    const detail = (await w.as('member').get(`/api/estimates/${w.estimates.acme.id}/`)).json();
    expect(detail.sections[0].items[0].comment_count).toBe(2);
    await w.as('member').delete(`${URL}${comment.id}/`);
  });

  it('members read only their estimates’ comments', async () => {
    const member = w.as('member');
    expect((await member.get(URL)).json().results).toEqual([staffComment]);
    expect((await member.get(`${URL}?estimate_item=${w.items.globex.id}`)).json().count).toBe(0);
    expect((await member.get(`${URL}${staffComment.id}/`)).json()).toEqual(staffComment);
    const hidden = await member.get(`${URL}${globexComment.id}/`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(NOT_FOUND);
  });

  it('a member of another client can neither see nor comment on Acme items', async () => {
    const outsider = w.as('outsider');
    expect((await outsider.get(URL)).json().results).toEqual([globexComment]);
    expect((await outsider.get(`${URL}?estimate_item=${w.items.acme.id}`)).json().count).toBe(0);
    expect((await outsider.get(`${URL}${staffComment.id}/`)).statusCode).toBe(404);
    const create = await outsider.post(URL, { item: w.items.acme.id, content: 'Sneaky' });
    expect(create.statusCode).toBe(400);
    expect(create.json()).toEqual({
      item: [`Invalid pk "${w.items.acme.id}" - object does not exist.`],
    });
    const remove = await outsider.delete(`${URL}${staffComment.id}/`);
    expect(remove.statusCode).toBe(404);
  });

  it('only the author or staff delete a comment', async () => {
    const member = w.as('member');
    const denied = await member.delete(`${URL}${staffComment.id}/`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual(DENIED);
    const own = (await member.post(URL, { item: w.items.acme.id, content: 'Mine' })).json();
    expect((await member.delete(`${URL}${own.id}/`)).statusCode).toBe(204);
    expect((await member.get(`${URL}${own.id}/`)).statusCode).toBe(404);
    const theirs = (await member.post(URL, { item: w.items.acme.id, content: 'Moderated' })).json();
    expect((await w.as('staff').delete(`${URL}${theirs.id}/`)).statusCode).toBe(204);
    expect((await w.as('staff').delete(`${URL}${theirs.id}/`)).statusCode).toBe(404);
  });

  it('Undo brings a deleted comment back as it was, for its author or staff', async () => {
    const member = w.as('member');
    const staff = w.as('staff');
    const thread = async () =>
      (await staff.get(`${URL}?estimate_item=${w.items.acme.id}`))
        .json<{ results: EstimateItemComment[] }>()
        .results.map((c) => c.id);
    const commentCount = async () =>
      (await member.get(`/api/estimates/${w.estimates.acme.id}/`)).json().sections[0].items[0]
        .comment_count as number;
    const first = (await member.post(URL, { item: w.items.acme.id, content: 'First' })).json();
    const last = (await staff.post(URL, { item: w.items.acme.id, content: 'Last' })).json();
    const before = await thread();
    const count = await commentCount();
    expect((await member.delete(`${URL}${first.id}/`)).statusCode).toBe(204);
    expect(await thread()).toEqual(before.filter((id) => id !== first.id));
    expect(await commentCount()).toBe(count - 1);

    for (const [role, status] of [
      ['visitor', 401],
      ['outsider', 404],
    ] as const)
      expect((await w.as(role).post(`${URL}${first.id}/restore/`)).statusCode).toBe(status);
    const restored = await member.post(`${URL}${first.id}/restore/`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual(first);
    expect(await thread()).toEqual(before);
    expect(await commentCount()).toBe(count);
    expect((await member.post(`${URL}${first.id}/restore/`)).json()).toEqual(NOT_FOUND);

    // Someone else's comment: its author's Undo, or staff's, never another member's.
    expect((await staff.delete(`${URL}${last.id}/`)).statusCode).toBe(204);
    expect((await member.post(`${URL}${last.id}/restore/`)).json()).toEqual(DENIED);
    expect((await member.delete(`${URL}${first.id}/`)).statusCode).toBe(204);
    const moderated = await staff.post(`${URL}${first.id}/restore/`);
    expect(moderated.json()).toEqual(first);
    expect(moderated.json().user).toEqual({ id: w.users.member.id, email: 'cmt-member@acme.test' });
    expect((await staff.delete(`${URL}${first.id}/`)).statusCode).toBe(204);
  });

  it('staff read and write everywhere; comments have no update', async () => {
    const staff = w.as('staff');
    expect((await staff.get(URL)).json().results).toEqual([staffComment, globexComment]);
    expect((await staff.post(URL, { item: w.items.globex.id, content: 'ok' })).statusCode).toBe(
      201,
    );
    const patch = await staff.patch(`${URL}${staffComment.id}/`, { content: 'x' });
    // No update route: comments are added and deleted, never edited (405, as DRF answers).
    expect(patch.statusCode).toBe(405);
    expect(patch.json()).toEqual({ detail: 'Method "PATCH" not allowed.' });
    expect((await staff.get(`${URL}${staffComment.id}/`)).json()).toEqual(staffComment);
  });

  it('keeps a comment whose author’s account is gone, without an author', async () => {
    const member = w.as('member');
    const comment = (await member.post(URL, { item: w.items.acme.id, content: 'Bye' })).json();
    const [ghost] = await t.db
      .insert(users)
      .values({ email: 'ghost@acme.test', passwordHash: 'x', emailVerified: true })
      .returning();
    const [ghostComment] = await t.db
      .insert(estimateItemComments)
      .values({ itemId: w.items.acme.id, userId: ghost!.id, content: 'Ghost' })
      .returning();
    await t.db.delete(users).where(eq(users.id, ghost!.id));
    const read = (await member.get(`${URL}${ghostComment!.id}/`)).json();
    expect(read).toMatchObject({ content: 'Ghost', user: null });
    await w.as('staff').delete(`${URL}${ghostComment!.id}/`);
    await member.delete(`${URL}${comment.id}/`);
  });
});

describe('estimate-item-comments: bad input is a 400 naming the field', () => {
  it.each([
    [{}, { item: ['This field is required.'], content: ['This field is required.'] }],
    [{ item: 1, content: '   ' }, { content: ['This field may not be blank.'] }],
    [
      { item: 1, content: 'x'.repeat(5001) },
      { content: ['Ensure this field has no more than 5000 characters.'] },
    ],
    [{ item: 'one', content: 'x' }, { item: ['Incorrect type. Expected pk value, received str.'] }],
    [{ item: 999999, content: 'x' }, { item: ['Invalid pk "999999" - object does not exist.'] }],
    [{ item: 1, content: 12 }, { content: ['Not a valid string.'] }],
  ])('%j → 400', async (body, errors) => {
    const res = await w.as('member').post(URL, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
  });

  it('rejects a bad filter on the filter', async () => {
    const res = await w.as('member').get(`${URL}?estimate_item=abc`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['estimate_item']);
  });
});

describe('estimate-item-comments: a person’s limit', () => {
  it('allows 30 comments a minute, then 429 with Retry-After; others still comment', async () => {
    await t.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'comments:%'`);
    const member = w.as('member');
    for (let i = 0; i < 30; i++)
      expect((await member.post(URL, { item: w.items.acme.id, content: `n${i}` })).statusCode).toBe(
        201,
      );
    const refused = await member.post(URL, { item: w.items.acme.id, content: 'one more' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(
      await t.db
        .select()
        .from(estimateItemComments)
        .where(eq(estimateItemComments.content, 'one more')),
    ).toEqual([]);
    expect(
      (await w.as('staff').post(URL, { item: w.items.acme.id, content: 'ok' })).statusCode,
    ).toBe(201);
    await t.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'comments:%'`);
  });
});
