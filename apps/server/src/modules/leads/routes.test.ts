import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { leadComments, leads } from '../../db/schema/index';
import { useTestWorld } from '../../test/test-world';
import {
  createLeadWorld,
  DENIED,
  insertLead,
  NOT_FOUND,
  THANKS,
  UNAUTHENTICATED,
} from './test-helpers';

const { t, w } = useTestWorld(createLeadWorld, 'ld');

const staff = () => w.as('staff');
const leadCount = async () =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(leads))[0]?.n ?? 0;

const website = {
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@navy.example',
  phone: '+1 555 0199',
  company: 'Navy Labs',
  title: 'Rear Admiral',
  message: 'We need a new website.\nBudget is flexible.',
  metadata: { utm_source: 'newsletter', utm_campaign: 'spring' },
};

describe('leads permissions', () => {
  it.each([
    ['visitor', 401, UNAUTHENTICATED],
    ['member', 403, DENIED],
  ] as const)('a %s cannot read, change or delete leads', async (role, status, body) => {
    const lead = await insertLead(t, { firstName: 'Kept', status: 'contacted' });
    const api = w.as(role);
    for (const res of [
      await api.get('/api/leads/'),
      await api.get('/api/leads/?search=kept&status=won'),
      await api.get(`/api/leads/${lead.id}/`),
      await api.patch(`/api/leads/${lead.id}/`, { status: 'won' }),
      await api.put(`/api/leads/${lead.id}/`, { ...website, status: 'won' }),
      await api.delete(`/api/leads/${lead.id}/`),
    ]) {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual(body);
    }
    const [row] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({ firstName: 'Kept', status: 'contacted' });
  });

  it.each([
    ['visitor', 401, UNAUTHENTICATED],
    ['member', 403, DENIED],
  ] as const)('a %s cannot read, write or delete lead comments', async (role, status, body) => {
    const lead = await insertLead(t);
    const [comment] = await t.db
      .insert(leadComments)
      .values({ leadId: lead.id, message: 'Called them.', createdById: w.users.staff.id })
      .returning();
    const api = w.as(role);
    for (const res of [
      await api.get('/api/lead-comments/'),
      await api.get(`/api/lead-comments/?lead=${lead.id}`),
      await api.get(`/api/lead-comments/${comment?.id}/`),
      await api.post('/api/lead-comments/', { lead: lead.id, message: 'Sneaky' }),
      await api.delete(`/api/lead-comments/${comment?.id}/`),
      await api.post(`/api/lead-comments/${comment?.id}/restore/`),
    ]) {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual(body);
    }
    const left = await t.db.select().from(leadComments).where(eq(leadComments.leadId, lead.id));
    expect(left.map((c) => c.message)).toEqual(['Called them.']);
  });

  it('staff create, read, update and delete a lead with any status, notes and metadata', async () => {
    const api = staff();
    const created = await api.post('/api/leads/', {
      ...website,
      status: 'negotiation',
      notes: 'Met at the conference.',
    });
    expect(created.statusCode).toBe(201);
    const lead = created.json();
    expect(lead).toEqual({
      id: expect.any(Number),
      ...website,
      status: 'negotiation',
      notes: 'Met at the conference.',
      converted_client: null,
      converted_project: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect((await api.get(`/api/leads/${lead.id}/`)).json()).toEqual(lead);

    const patched = await api.patch(`/api/leads/${lead.id}/`, { status: 'won', title: '' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({ ...lead, status: 'won', title: '' });

    const put = await api.put(`/api/leads/${lead.id}/`, {
      first_name: 'Amazing',
      last_name: 'Grace',
      email: 'amazing@navy.example',
      metadata: {},
    });
    expect(put.json()).toMatchObject({
      id: lead.id,
      first_name: 'Amazing',
      email: 'amazing@navy.example',
      status: 'won',
      metadata: {},
      created_at: lead.created_at,
    });

    await api.post('/api/lead-comments/', { lead: lead.id, message: 'Goes with the lead.' });
    expect((await api.delete(`/api/leads/${lead.id}/`)).statusCode).toBe(204);
    expect((await api.get(`/api/leads/${lead.id}/`)).json()).toEqual(NOT_FOUND);
    expect((await api.delete(`/api/leads/${lead.id}/`)).statusCode).toBe(404);
    expect((await api.patch(`/api/leads/${lead.id}/`, { status: 'new' })).statusCode).toBe(404);
    const orphans = await t.db.select().from(leadComments).where(eq(leadComments.leadId, lead.id));
    expect(orphans).toEqual([]);
  });

  it('staff create defaults to status new and blank optional fields', async () => {
    const res = await staff().post('/api/leads/', {
      first_name: 'Min',
      last_name: 'Imal',
      email: 'min@example.test',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'new',
      phone: '',
      company: '',
      title: '',
      notes: '',
      message: '',
      metadata: {},
    });
  });
});

describe('the website form (anonymous create)', () => {
  beforeEach(async () => {
    await t.mail.flush();
    t.mail.clear();
  });

  it('stores a new lead from the contact fields, message and metadata, and answers nothing else', async () => {
    const res = await w.as('visitor').post('/api/leads/', {
      ...website,
      email: 'visitor-1@navy.example',
      status: 'won',
      notes: 'I am important',
      id: 999_999,
      created_at: '2001-01-01T00:00:00Z',
      is_superuser: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(THANKS);
    const [row] = await t.db.select().from(leads).where(eq(leads.email, 'visitor-1@navy.example'));
    expect(row).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '+1 555 0199',
      company: 'Navy Labs',
      title: 'Rear Admiral',
      message: website.message,
      metadata: website.metadata,
      status: 'new',
      notes: '',
    });
    expect(row?.id).not.toBe(999_999);
    expect(Date.now() - (row?.createdAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('emails every staff member about the new lead, and nobody else', async () => {
    await w.as('visitor').post('/api/leads/', { ...website, email: 'visitor-2@navy.example' });
    await t.mail.flush();
    for (const user of [w.users.staff, w.users.otherStaff]) {
      const [message] = t.mail.to(user.email);
      expect(message?.subject).toBe('New lead from the website: Grace Hopper (Navy Labs)');
      expect(message?.text).toContain('Email: visitor-2@navy.example');
      expect(message?.text).toMatch(/We need a new website\.\r?\nBudget is flexible\./);
      expect(message?.text).toContain('utm_source = newsletter');
      expect(message?.links).toContain('http://portal.test/leads?search=visitor-2%40navy.example');
    }
    expect(t.mail.to(w.users.member.email)).toEqual([]);
  });

  it('treats a signed-in client user as the website form: status forced to new', async () => {
    const res = await w.as('member').post('/api/leads/', {
      ...website,
      email: 'member-form@navy.example',
      status: 'spam',
      notes: 'x',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(THANKS);
    const [row] = await t.db
      .select()
      .from(leads)
      .where(eq(leads.email, 'member-form@navy.example'));
    expect(row).toMatchObject({ status: 'new', notes: '' });
  });

  it('answers a filled honeypot like a success but stores and sends nothing', async () => {
    const before = await leadCount();
    const res = await w.as('visitor').post('/api/leads/', {
      ...website,
      email: 'bot@spam.example',
      website: 'http://spam.example',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(THANKS);
    // Even garbage passes for a bot: nothing tells it what went wrong.
    const garbage = await w.as('visitor').post('/api/leads/', { website: 'x', email: 'nope' });
    expect(garbage.statusCode).toBe(201);
    expect(garbage.json()).toEqual(THANKS);
    expect(await leadCount()).toBe(before);
    expect(await t.mail.flush()).toBe(0);
  });

  it('rejects bad contact details on their fields', async () => {
    const before = await leadCount();
    const res = await w.as('visitor').post('/api/leads/', {
      first_name: '',
      email: 'not-an-email',
      company: 'x'.repeat(256),
      message: 'm'.repeat(5001),
      metadata: { utm_source: 5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      first_name: ['This field may not be blank.'],
      last_name: ['This field is required.'],
      email: ['Enter a valid email address.'],
      company: ['Ensure this field has no more than 255 characters.'],
      message: ['Ensure this field has no more than 5000 characters.'],
      metadata: ['"utm_source": Not a valid string.'],
    });
    expect(await leadCount()).toBe(before);
  });
});

describe('lead validation (staff)', () => {
  const valid = { first_name: 'Val', last_name: 'Id', email: 'val@example.test' };

  it.each([
    [{ ...valid, status: 'lost' }, 'status', '"lost" is not a valid choice.'],
    [{ ...valid, status: null }, 'status', 'This field may not be null.'],
    [{ ...valid, email: 'val@' }, 'email', 'Enter a valid email address.'],
    [
      { ...valid, email: `${'a'.repeat(250)}@x.io` },
      'email',
      'Ensure this field has no more than 254 characters.',
    ],
    [
      { ...valid, first_name: 'f'.repeat(151) },
      'first_name',
      'Ensure this field has no more than 150 characters.',
    ],
    [{ ...valid, last_name: 7 }, 'last_name', 'Not a valid string.'],
    [
      { ...valid, phone: '1'.repeat(51) },
      'phone',
      'Ensure this field has no more than 50 characters.',
    ],
    [
      { ...valid, title: 't'.repeat(256) },
      'title',
      'Ensure this field has no more than 255 characters.',
    ],
    [
      { ...valid, notes: 'n'.repeat(10_001) },
      'notes',
      'Ensure this field has no more than 10000 characters.',
    ],
    [{ ...valid, metadata: ['a'] }, 'metadata', 'Expected a dictionary of text values.'],
    [{ ...valid, metadata: 'utm=1' }, 'metadata', 'Expected a dictionary of text values.'],
    [
      {
        ...valid,
        metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])),
      },
      'metadata',
      'Ensure this field has no more than 50 keys.',
    ],
    [
      { ...valid, metadata: { ['k'.repeat(101)]: 'v' } },
      'metadata',
      'Ensure every key has no more than 100 characters.',
    ],
    [{ ...valid, metadata: { ' ': 'v' } }, 'metadata', 'Keys may not be blank.'],
    [
      { ...valid, metadata: { ref: 'v'.repeat(1001) } },
      'metadata',
      '"ref": Ensure this value has no more than 1000 characters.',
    ],
  ])('%j → 400 on %s', async (body, field, message) => {
    const res = await staff().post('/api/leads/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: [message] });
  });

  it('accepts the limits themselves', async () => {
    const res = await staff().post('/api/leads/', {
      ...valid,
      first_name: 'f'.repeat(150),
      phone: '1'.repeat(50),
      notes: 'n'.repeat(10_000),
      metadata: Object.fromEntries(
        Array.from({ length: 50 }, (_, i) => [`${i}`.padEnd(100, 'k'), 'v'.repeat(1000)]),
      ),
    });
    expect(res.statusCode).toBe(201);
  });

  it('rejects a body that is not an object, and bad updates, naming the field', async () => {
    const array = await staff().post('/api/leads/', [valid]);
    expect(array.statusCode).toBe(400);
    expect(array.json()).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary.'] });

    const lead = await insertLead(t);
    const badPatch = await staff().patch(`/api/leads/${lead.id}/`, {
      email: 'nope',
      status: 'Closed',
    });
    expect(badPatch.statusCode).toBe(400);
    expect(Object.keys(badPatch.json()).sort()).toEqual(['email', 'status']);
    const partialPut = await staff().put(`/api/leads/${lead.id}/`, { status: 'won' });
    expect(partialPut.statusCode).toBe(400);
    expect(Object.keys(partialPut.json()).sort()).toEqual(['email', 'first_name', 'last_name']);
    expect((await staff().get('/api/leads/abc/')).json()).toEqual(NOT_FOUND);
  });

  it('rejects unknown list filters on their parameter', async () => {
    const status = await staff().get('/api/leads/?status=lost');
    expect(status.statusCode).toBe(400);
    expect(status.json()).toEqual({ status: ['"lost" is not a valid choice.'] });
    const search = await staff().get(`/api/leads/?search=${'s'.repeat(201)}`);
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({
      search: ['Ensure this field has no more than 200 characters.'],
    });
    // Paging reads as DRF's paginator: a big page size is capped, a bad page is 404.
    const size = await staff().get('/api/leads/?page_size=101');
    expect(size.statusCode).toBe(200);
    const page = await staff().get('/api/leads/?page=0');
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual({ detail: 'Invalid page.' });
  });
});

describe('lead comments', () => {
  it('take their author from the token and list oldest first per lead', async () => {
    const lead = await insertLead(t);
    const other = await insertLead(t);
    const first = await staff().post('/api/lead-comments/', {
      lead: lead.id,
      message: 'Left a voicemail.',
      created_by: w.users.otherStaff.id,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      lead: lead.id,
      message: 'Left a voicemail.',
      created_by: { id: w.users.staff.id, email: w.users.staff.email },
      created_at: expect.any(String),
    });
    const second = await w.as('otherStaff').post('/api/lead-comments/', {
      lead: String(lead.id),
      message: 'They called back.\nMeeting on Friday.',
    });
    await staff().post('/api/lead-comments/', { lead: other.id, message: 'Elsewhere.' });

    const list = await staff().get(`/api/lead-comments/?lead=${lead.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 2, next: null, previous: null });
    expect(list.json().results).toEqual([first.json(), second.json()]);
    expect(second.json().created_by).toEqual({
      id: w.users.otherStaff.id,
      email: w.users.otherStaff.email,
    });
    expect((await staff().get(`/api/lead-comments/${first.json().id}/`)).json()).toEqual(
      first.json(),
    );
  });

  it('may be deleted by their author or by any staff member', async () => {
    const lead = await insertLead(t);
    const mine = (
      await staff().post('/api/lead-comments/', { lead: lead.id, message: 'Mine.' })
    ).json();
    const theirs = (
      await w.as('otherStaff').post('/api/lead-comments/', { lead: lead.id, message: 'Theirs.' })
    ).json();
    expect((await staff().delete(`/api/lead-comments/${mine.id}/`)).statusCode).toBe(204);
    expect((await staff().delete(`/api/lead-comments/${theirs.id}/`)).statusCode).toBe(204);
    expect((await staff().delete(`/api/lead-comments/${theirs.id}/`)).json()).toEqual(NOT_FOUND);
    expect((await staff().get(`/api/lead-comments/?lead=${lead.id}`)).json().count).toBe(0);
  });

  it('come back by Undo with their author, time and place, for whoever could delete them', async () => {
    const lead = await insertLead(t);
    const post = async (role: 'staff' | 'otherStaff', message: string) =>
      (await w.as(role).post('/api/lead-comments/', { lead: lead.id, message })).json<{
        id: number;
      }>();
    const first = await post('staff', 'First call.');
    const middle = await post('otherStaff', 'Sent the brochure.');
    const last = await post('staff', 'Meeting booked.');
    const thread = async () =>
      (await staff().get(`/api/lead-comments/?lead=${lead.id}`))
        .json<{ results: { id: number }[] }>()
        .results.map((c) => c.id);
    expect((await staff().delete(`/api/lead-comments/${middle.id}/`)).statusCode).toBe(204);
    expect(await thread()).toEqual([first.id, last.id]);
    expect((await staff().get(`/api/lead-comments/${middle.id}/`)).statusCode).toBe(404);

    for (const [role, status] of [
      ['visitor', 401],
      ['member', 403],
    ] as const)
      expect((await w.as(role).post(`/api/lead-comments/${middle.id}/restore/`)).statusCode).toBe(
        status,
      );
    const restored = await staff().post(`/api/lead-comments/${middle.id}/restore/`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual(middle);
    expect(await thread()).toEqual([first.id, middle.id, last.id]);
    expect((await staff().post(`/api/lead-comments/${middle.id}/restore/`)).json()).toEqual(
      NOT_FOUND,
    );
    expect((await staff().post(`/api/lead-comments/${last.id}/restore/`)).statusCode).toBe(404);
  });

  it('keep a comment whose author account is gone, without an author', async () => {
    const lead = await insertLead(t);
    const [comment] = await t.db
      .insert(leadComments)
      .values({ leadId: lead.id, message: 'From a former colleague.', createdById: null })
      .returning();
    const res = await staff().get(`/api/lead-comments/${comment?.id}/`);
    expect(res.json()).toMatchObject({ created_by: null, message: 'From a former colleague.' });
  });

  it('reject bad input on the field', async () => {
    const lead = await insertLead(t);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ lead: lead.id }, { message: ['This field is required.'] }],
      [{ lead: lead.id, message: '   ' }, { message: ['This field may not be blank.'] }],
      [
        { lead: lead.id, message: 'm'.repeat(5001) },
        { message: ['Ensure this field has no more than 5000 characters.'] },
      ],
      [{ message: 'x' }, { lead: ['This field is required.'] }],
      [
        { lead: 'abc', message: 'x' },
        { lead: ['Incorrect type. Expected pk value, received str.'] },
      ],
      [{ lead: 987_654, message: 'x' }, { lead: ['Invalid pk "987654" - object does not exist.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await staff().post('/api/lead-comments/', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    const filter = await staff().get('/api/lead-comments/?lead=abc');
    expect(filter.statusCode).toBe(400);
    expect(Object.keys(filter.json())).toEqual(['lead']);
  });
});
