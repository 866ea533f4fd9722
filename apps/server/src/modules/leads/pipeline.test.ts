import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES } from '@portal/contract/clients';
import { LEAD_PIPELINE_MESSAGES as P } from '@portal/contract/leads';
import { clients, clientUsers, leadComments, leads, projects, users } from '../../db/schema/index';
import { createUser } from '../../test/test-app';
import { useTestWorld } from '../../test/test-world';
import {
  createLeadWorld,
  DENIED,
  insertLead,
  NOT_FOUND,
  THANKS,
  UNAUTHENTICATED,
} from './test-helpers';

const { t, w } = useTestWorld(createLeadWorld, 'pl');

beforeEach(async () => {
  await t.db.delete(leads);
  await t.mail.flush();
  t.mail.clear();
});

const staff = () => w.as('staff');
const countOf = async (
  table: typeof leads | typeof clients | typeof projects | typeof users | typeof clientUsers,
) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;
const commentsOf = (leadId: number) =>
  t.db
    .select({ message: leadComments.message, author: leadComments.createdById })
    .from(leadComments)
    .where(eq(leadComments.leadId, leadId))
    .orderBy(leadComments.id);

describe('pipeline permissions', () => {
  it.each([
    ['visitor', 401, UNAUTHENTICATED],
    ['member', 403, DENIED],
    ['impersonating', 403, DENIED],
  ] as const)('a %s can neither export, import, merge nor convert', async (role, status, body) => {
    const a = await insertLead(t, { email: 'same@example.test' });
    const b = await insertLead(t, { email: 'SAME@example.test', company: 'Kept' });
    const api = w.as(role);
    for (const res of [
      await api.get('/api/leads/export/'),
      await api.get('/api/leads/export/?search=same'),
      await api.upload('/api/leads/import/', [
        {
          name: 'file',
          filename: 'x.csv',
          type: 'text/csv',
          data: Buffer.from('first_name,last_name,email\nA,B,c@d.test\n'),
        },
      ]),
      await api.get(`/api/leads/${a.id}/duplicates/`),
      await api.post(`/api/leads/${a.id}/merge/`, { into: b.id }),
      await api.post(`/api/leads/${b.id}/convert/`, {}),
    ]) {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual(body);
    }
    expect(await countOf(leads)).toBe(2);
    expect(await countOf(clients)).toBe(0);
  });
});

describe('duplicates', () => {
  it('finds other leads with the same email (any case) or phone digits, oldest first', async () => {
    const lead = await insertLead(t, { email: 'Ada@Example.test', phone: '+1 (555) 010-0200' });
    const byEmail = await insertLead(t, { firstName: 'E', email: 'ada@example.TEST' });
    const byPhone = await insertLead(t, {
      firstName: 'P',
      email: 'p@x.test',
      phone: '15550100200',
    });
    await insertLead(t, { firstName: 'Short', email: 's@x.test', phone: '0200' });
    await insertLead(t, { firstName: 'Other', email: 'other@x.test', phone: '+1 555 999 0000' });

    const res = await staff().get(`/api/leads/${lead.id}/duplicates/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: byEmail.id,
        first_name: 'E',
        last_name: 'Lovelace',
        email: 'ada@example.TEST',
        company: '',
        status: 'new',
        reason: 'email',
      },
      {
        id: byPhone.id,
        first_name: 'P',
        last_name: 'Lovelace',
        email: 'p@x.test',
        company: '',
        status: 'new',
        reason: 'phone',
      },
    ]);
    // Short phone numbers say too little: "0200" matches nobody.
    const short = await insertLead(t, { email: 'short@x.test', phone: '0200' });
    expect((await staff().get(`/api/leads/${short.id}/duplicates/`)).json()).toEqual([]);
    const missing = await staff().get('/api/leads/999999/duplicates/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND);
  });

  it('a website form from a known email adds to that lead instead of a second one', async () => {
    const known = await insertLead(t, {
      email: 'grace@navy.example',
      phone: '',
      metadata: { utm_source: 'newsletter', utm_campaign: 'spring', page: '/pricing' },
    });
    const res = await w.as('visitor').post('/api/leads/', {
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'GRACE@navy.example',
      phone: '+1 555 0199',
      message: 'Following up on my request.',
      metadata: { utm_source: 'google', utm_medium: 'cpc', page: '/contact', ref: 'ad' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(THANKS);
    expect(await countOf(leads)).toBe(1);
    const [row] = await t.db.select().from(leads).where(eq(leads.id, known.id));
    expect(row?.phone).toBe('+1 555 0199');
    expect(row?.metadata).toEqual({
      utm_source: 'newsletter',
      utm_campaign: 'spring',
      page: '/pricing',
      last_utm_source: 'google',
      last_utm_medium: 'cpc',
      ref: 'ad',
    });
    expect(await commentsOf(known.id)).toEqual([
      { message: 'Filled in the website form again:\n\nFollowing up on my request.', author: null },
    ]);
    await t.mail.flush();
    const mail = t.mail.to(w.users.staff.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Returning lead on the website: Ada Lovelace');
    expect(mail[0]?.text).toContain('Their message was added to the lead as a comment');
    expect(mail[0]?.text).toContain('Following up on my request.');
  });
});

describe('POST /api/leads/{id}/merge/', () => {
  it('moves comments and metadata into the other lead, fills its blanks, deletes this one', async () => {
    const gone = await insertLead(t, {
      firstName: 'Dup',
      email: 'dup@example.test',
      phone: '555 0100 200',
      company: 'Gone Co',
      message: 'Please call me.',
      metadata: { utm_source: 'gone', only_gone: 'yes' },
    });
    const kept = await insertLead(t, {
      email: 'kept@example.test',
      company: 'Kept Co',
      status: 'negotiation',
      metadata: { utm_source: 'kept' },
    });
    await t.db.insert(leadComments).values([
      { leadId: gone.id, message: 'First call.', createdById: w.users.otherStaff.id },
      { leadId: kept.id, message: 'Kept note.', createdById: w.users.staff.id },
    ]);

    const res = await staff().post(`/api/leads/${gone.id}/merge/`, { into: kept.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: kept.id,
      email: 'kept@example.test',
      company: 'Kept Co',
      phone: '555 0100 200',
      message: 'Please call me.',
      status: 'negotiation',
      metadata: { utm_source: 'kept', only_gone: 'yes' },
    });
    expect(await countOf(leads)).toBe(1);
    expect((await staff().get(`/api/leads/${gone.id}/`)).statusCode).toBe(404);
    const comments = await commentsOf(kept.id);
    expect(comments.map((c) => c.message)).toEqual([
      'First call.',
      'Kept note.',
      'Merged lead Dup Lovelace <dup@example.test> into this one.',
    ]);
    expect(comments[2]?.author).toBe(w.users.staff.id);
  });

  it('refuses itself, a missing target or a bad body with 400, a missing lead with 404', async () => {
    const lead = await insertLead(t);
    const cases = [
      [{ into: lead.id }, { into: [P.mergeIntoItself] }],
      [{ into: 999_999 }, { into: ['Invalid pk "999999" - object does not exist.'] }],
      [{}, { into: ['This field is required.'] }],
      [{ into: 'abc' }, { into: ['Incorrect type. Expected pk value, received str.'] }],
    ] as const;
    for (const [body, answer] of cases) {
      const res = await staff().post(`/api/leads/${lead.id}/merge/`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(answer);
    }
    const missing = await staff().post('/api/leads/999999/merge/', { into: lead.id });
    expect(missing.statusCode).toBe(404);
    expect(await countOf(leads)).toBe(1);
  });
});

describe('POST /api/leads/{id}/convert/', () => {
  it('creates the client, an invitation and a project, and marks the lead won and linked', async () => {
    const lead = await insertLead(t, {
      firstName: 'Ada',
      email: 'Ada@Analytical.example',
      company: 'Analytical Engines',
      status: 'negotiation',
    });
    const res = await staff().post(`/api/leads/${lead.id}/convert/`, {});
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      lead: expect.objectContaining({
        id: lead.id,
        status: 'won',
        converted_client: {
          id: expect.any(Number),
          name: 'Analytical Engines',
          slug: 'analytical-engines',
        },
        converted_project: {
          id: expect.any(Number),
          name: 'Analytical Engines',
          slug: 'analytical-engines',
        },
      }),
      client: {
        id: body.lead.converted_client.id,
        name: 'Analytical Engines',
        slug: 'analytical-engines',
      },
      project: {
        id: body.lead.converted_project.id,
        name: 'Analytical Engines',
        slug: 'analytical-engines',
      },
      client_user: { id: expect.any(Number), email: 'ada@analytical.example', invited: true },
    });
    // The lead, the list and the new client's project agree.
    expect((await staff().get(`/api/leads/${lead.id}/`)).json()).toEqual(body.lead);
    const project = (await staff().get('/api/projects/analytical-engines/')).json();
    expect(project).toMatchObject({ client: body.client.id, name: 'Analytical Engines' });
    const members = (await staff().get(`/api/client-users/?client=${body.client.id}`)).json();
    expect(members.results.map((m: { user: { email: string } }) => m.user.email)).toEqual([
      'ada@analytical.example',
    ]);
    await t.mail.flush();
    const [invitation] = t.mail.to('ada@analytical.example');
    expect(invitation?.subject).toBe('pl-staff@studio.test invited you to Studio Portal');
    expect(invitation?.text).toContain("follow Analytical Engines's projects");
    expect(invitation?.links.some((l) => l.startsWith('http://portal.test/password-reset/'))).toBe(
      true,
    );

    const again = await staff().post(`/api/leads/${lead.id}/convert/`, { client_name: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: P.alreadyConverted });
    expect(await countOf(clients)).toBe(1);
  });

  it('converts once when two staff convert the same lead at the same moment', async () => {
    const lead = await insertLead(t, { email: 'race@example.test', company: 'Race Co' });
    const before = [await countOf(clients), await countOf(projects)];
    const answers = await Promise.all([
      staff().post(`/api/leads/${lead.id}/convert/`, {}),
      w.as('otherStaff').post(`/api/leads/${lead.id}/convert/`, {}),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect([await countOf(clients), await countOf(projects)]).toEqual(before.map((n) => n + 1));
  });

  it('takes the names given, the person when there is no company, and links a known user', async () => {
    const existing = await createUser(t.db, { email: 'known@person.example' });
    const lead = await insertLead(t, {
      firstName: 'Known',
      lastName: 'Person',
      email: 'Known@Person.example',
      company: '',
    });
    const res = await staff().post(`/api/leads/${lead.id}/convert/`, {
      project_name: 'Brand refresh',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      client: { name: 'Known Person', slug: 'known-person' },
      project: { name: 'Brand refresh', slug: 'brand-refresh' },
      client_user: { email: existing.email, invited: false },
    });
    const other = await insertLead(t, { email: 'x@y.example', company: 'Known Person' });
    const second = await staff().post(`/api/leads/${other.id}/convert/`, {
      client_name: 'Known Person',
      project_name: 'Brand refresh',
    });
    expect(second.json()).toMatchObject({
      client: { slug: 'known-person-2' },
      project: { slug: 'brand-refresh-2' },
    });
    await t.mail.flush();
    expect(t.mail.to('known@person.example')).toEqual([]);
  });

  it('is one transaction: a refused name leaves no client, project, user or status behind', async () => {
    const lead = await insertLead(t, { email: 'half@example.test', company: 'Half Done' });
    const counts = () =>
      Promise.all([countOf(clients), countOf(projects), countOf(users), countOf(clientUsers)]);
    const before = await counts();
    const res = await staff().post(`/api/leads/${lead.id}/convert/`, { project_name: '!!!' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ project_name: [CLIENT_MESSAGES.blankSlug] });
    expect(await counts()).toEqual(before);
    const [row] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({ status: 'new', convertedClientId: null });

    const tooLong = await staff().post(`/api/leads/${lead.id}/convert/`, {
      client_name: 'x'.repeat(256),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      client_name: ['Ensure this field has no more than 255 characters.'],
    });
    const missing = await staff().post('/api/leads/999999/convert/', {});
    expect(missing.statusCode).toBe(404);
    await t.mail.flush();
    expect(t.mail.to('half@example.test')).toEqual([]);
  });
});
