import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { versionAmount, type EstimateVersion } from '@portal/contract/estimate-versions';
import { formatMomentWithZone } from '@portal/contract/time';
import type { EstimateDetail } from '@portal/contract/estimates';
import sharp from 'sharp';
import { estimateVersions, studio, users } from '../../db/schema/index';
import { multipart } from '../../test/multipart';
import { useTestWorld } from '../../test/test-world';
import { issueToken } from '../auth/tokens';
import { DENIED, NOT_FOUND, UNAUTHENTICATED } from '../clients/test-fixtures';
import { createEstimateWorld } from '../estimates/test-fixtures';

const { t, w } = useTestWorld(createEstimateWorld, 'ver');
/** The staff member signed in as `member` (an impersonation token). */
let impersonating: (
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

beforeAll(async () => {
  const { token } = await issueToken(t.db, w.users.member.id, {
    ttlMs: t.ctx.config.tokenIdleMs,
    impersonatorId: w.users.staff.id,
  });
  impersonating = (method, url, payload) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Token ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
});
/** Delivers and forgets what earlier steps queued, so a test reads only its own emails. */
const drainMail = async () => {
  await t.mail.flush();
  t.mail.clear();
};
beforeEach(drainMail);

const send = async (estimate: number, message = '') => {
  const res = await w.as('staff').post(`/api/estimates/${estimate}/send/`, { message });
  expect(res.statusCode).toBe(201);
  return res.json<EstimateVersion>();
};

/** A fresh Acme estimate with one section and item, so each test owns its versions. */
const freshEstimate = async (name: string) => {
  const estimate = await w.createEstimate(w.projects.acme.id, name);
  const section = await w.createSection(estimate.id, 'Build');
  const item = await w.createItem(section.id, 'Pages', { low: '1.25', high: '2.50' });
  return { estimate, section, item };
};

const detail = async (id: number) =>
  (await w.as('staff').get(`/api/estimates/${id}/`)).json<EstimateDetail>();

/** A person's time zone, put back to none when the test ends. */
const setZone = async (userId: number, timeZone: string | null) => {
  onTestFinished(async () => {
    await t.db.update(users).set({ timeZone: null }).where(eq(users.id, userId));
  });
  await t.db.update(users).set({ timeZone }).where(eq(users.id, userId));
};

describe('sending a version', () => {
  it('visitors get 401 on every call', async () => {
    const v = await send(w.estimates.acme.id);
    const api = w.as('visitor');
    for (const res of [
      await api.post(`/api/estimates/${w.estimates.acme.id}/send/`, {}),
      await api.get('/api/estimate-versions/'),
      await api.get(`/api/estimate-versions/${v.id}/`),
      await api.post(`/api/estimate-versions/${v.id}/approve/`, { signature_name: 'X' }),
      await api.post(`/api/estimate-versions/${v.id}/request-changes/`, { note: 'X' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
  });

  it('only staff send: members, outsiders and an impersonated member get 403 before validation', async () => {
    const url = `/api/estimates/${w.estimates.acme.id}/send/`;
    for (const res of [
      await w.as('member').post(url, { message: 'hi' }),
      await w.as('outsider').post(url, { message: 42 }),
      await impersonating('POST', url, { message: 'hi' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(DENIED);
    }
  });

  it('staff freeze the whole estimate into version 1 and every client user is emailed', async () => {
    const { estimate } = await freshEstimate('ver Send one');
    const res = await w.as('staff').post(`/api/estimates/${estimate.id}/send/`, {
      message: '  Here is the estimate we discussed.  ',
    });
    expect(res.statusCode).toBe(201);
    const v = res.json<EstimateVersion>();
    expect(v).toMatchObject({
      estimate: estimate.id,
      number: 1,
      status: 'sent',
      message: 'Here is the estimate we discussed.',
      sent_by: { id: w.users.staff.id, name: 'Lee Park', email: 'ver-staff@studio.test' },
      decided_at: null,
      decided_by: null,
      signature_name: null,
      decision_note: null,
    });
    expect(new Date(v.sent_at).toISOString()).toBe(v.sent_at);
    expect(v.snapshot).toEqual(await detail(estimate.id));
    expect(v.snapshot.total_hours_high).toBe('2.50');

    await t.mail.flush();
    const mails = t.mail.to('ver-member@acme.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Estimate to review: ver Send one (version 1)');
    expect(mails[0]!.text).toContain('Hello Dana Reyes,');
    expect(mails[0]!.text).toContain('Lee Park sent you version 1');
    expect(mails[0]!.text).toContain('Here is the estimate we discussed.');
    // What she signs for and until when, on her clock: UTC, said, until she has chosen one.
    expect(mails[0]!.text).toContain(
      `Total with contingency: ${versionAmount(v)}. You can approve it until ${formatMomentWithZone(v.valid_until, 'UTC')}.`,
    );
    expect(mails[0]!.text).toMatch(/until \w+ \d+, \d{4}, \d+:\d\d [AP]M \(UTC\)\./);
    expect(mails[0]!.links).toContain(`http://portal.test/estimates/${estimate.id}`);
    // Nobody outside the client hears of it.
    expect(t.mail.to('ver-outsider@globex.test')).toHaveLength(0);
    expect(t.mail.to('ver-staff@studio.test')).toHaveLength(0);
  });

  it('answers 404 for an estimate that does not exist and 400 naming a bad message', async () => {
    const staff = w.as('staff');
    const missing = await staff.post('/api/estimates/999999/send/', {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND);
    const url = `/api/estimates/${w.estimates.acme.id}/send/`;
    expect((await staff.post(url, { message: 42 })).json()).toEqual({
      message: ['Not a valid string.'],
    });
    const long = await staff.post(url, { message: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      message: ['Ensure this field has no more than 5000 characters.'],
    });
    const empty = await staff.post(url, undefined);
    expect(empty.statusCode).toBe(201);
    expect(empty.json<EstimateVersion>().message).toBe('');
  });

  it('a snapshot never changes after edits and deletes of the estimate, its sections and items', async () => {
    const { estimate, section, item } = await freshEstimate('ver Frozen');
    const v = await send(estimate.id);
    const staff = w.as('staff');
    expect(
      (
        await staff.patch(`/api/estimates/${estimate.id}/`, {
          safe_modifier: '1.50',
          name: 'ver Renamed',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await staff.patch(`/api/estimate-items/${item.id}/`, { hours_high: '9.00' })).statusCode,
    ).toBe(200);
    expect((await staff.delete(`/api/estimate-items/${item.id}/`)).statusCode).toBe(204);
    expect((await staff.delete(`/api/estimate-sections/${section.id}/`)).statusCode).toBe(204);
    const after = (await staff.get(`/api/estimate-versions/${v.id}/`)).json<EstimateVersion>();
    expect(after.snapshot).toEqual(v.snapshot);
    expect(after.snapshot.name).toBe('ver Frozen');
    expect(after.snapshot.safe_modifier).toBe('1.00');
    expect(after.snapshot.sections[0]!.items[0]!.hours_high).toBe('2.50');
  });

  it('sending again numbers the next version and supersedes the one still waiting', async () => {
    const { estimate } = await freshEstimate('ver Resend');
    const first = await send(estimate.id);
    const second = await send(estimate.id, 'Updated');
    expect(second.number).toBe(2);
    const staff = w.as('staff');
    expect((await staff.get(`/api/estimate-versions/${first.id}/`)).json().status).toBe(
      'superseded',
    );
    expect((await staff.get(`/api/estimate-versions/${second.id}/`)).json().status).toBe('sent');
    // A decided version stays decided when a later one is sent.
    const approved = await w
      .as('member')
      .post(`/api/estimate-versions/${second.id}/approve/`, { signature_name: 'Dana Reyes' });
    expect(approved.statusCode).toBe(200);
    const third = await send(estimate.id);
    expect(third.number).toBe(3);
    expect((await staff.get(`/api/estimate-versions/${second.id}/`)).json().status).toBe(
      'approved',
    );
  });

  it('two sends at once get distinct numbers', async () => {
    const { estimate } = await freshEstimate('ver Concurrent');
    const [a, b] = await Promise.all([send(estimate.id), send(estimate.id)]);
    expect([a.number, b.number].sort()).toEqual([1, 2]);
    const list = (
      await w.as('staff').get(`/api/estimate-versions/?estimate=${estimate.id}`)
    ).json();
    expect(list.results.map((v: EstimateVersion) => v.status).sort()).toEqual([
      'sent',
      'superseded',
    ]);
  });
});

describe('reading versions', () => {
  it('a client user lists and reads their client’s versions, newest first; others find nothing', async () => {
    const acme = await send(w.estimates.acme.id, 'acme');
    const globex = await send(w.estimates.globex.id, 'globex');

    const member = w.as('member');
    const mine = (
      await member.get(`/api/estimate-versions/?estimate=${w.estimates.acme.id}`)
    ).json();
    expect(mine.results[0]).toEqual(acme);
    expect(mine.results.every((v: EstimateVersion) => v.estimate === w.estimates.acme.id)).toBe(
      true,
    );
    const numbers = mine.results.map((v: EstimateVersion) => v.number);
    expect(numbers).toEqual([...numbers].sort((x: number, y: number) => y - x));
    const all = (await member.get('/api/estimate-versions/')).json();
    expect(all.results.some((v: EstimateVersion) => v.id === globex.id)).toBe(false);
    expect((await member.get(`/api/estimate-versions/${acme.id}/`)).json()).toEqual(acme);
    expect((await impersonating('GET', `/api/estimate-versions/${acme.id}/`)).json()).toEqual(acme);
    const hidden = await member.get(`/api/estimate-versions/${globex.id}/`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(NOT_FOUND);
    expect(
      (await member.get(`/api/estimate-versions/?estimate=${w.estimates.globex.id}`)).json().count,
    ).toBe(0);

    const outsider = w.as('outsider');
    expect((await outsider.get(`/api/estimate-versions/${acme.id}/`)).statusCode).toBe(404);
    expect((await outsider.get(`/api/estimate-versions/${globex.id}/`)).json()).toEqual(globex);

    const staffList = (await w.as('staff').get('/api/estimate-versions/?page_size=100')).json();
    const ids = staffList.results.map((v: EstimateVersion) => v.id);
    expect(ids).toContain(acme.id);
    expect(ids).toContain(globex.id);
  });

  it('latest/ answers the newest version of each estimate in scope', async () => {
    const { estimate } = await freshEstimate('ver Latest');
    await send(estimate.id);
    const second = await send(estimate.id);
    const entry = expect.objectContaining({ estimate: estimate.id, number: 2, status: 'sent' });
    const mine = (await w.as('member').get('/api/estimate-versions/latest/')).json();
    expect(mine).toContainEqual(entry);
    expect(mine.every((v: { estimate: number }) => v.estimate !== w.estimates.globex.id)).toBe(
      true,
    );
    expect(new Set(mine.map((v: { estimate: number }) => v.estimate)).size).toBe(mine.length);
    expect(
      (await w.as('outsider').get('/api/estimate-versions/latest/')).json(),
    ).not.toContainEqual(entry);
    expect((await w.as('staff').get('/api/estimate-versions/latest/')).json()).toContainEqual(
      expect.objectContaining({ estimate: estimate.id, number: second.number }),
    );
    expect((await w.as('visitor').get('/api/estimate-versions/latest/')).statusCode).toBe(401);
  });

  it('answers 400 for a bad filter and 404 for a bad id', async () => {
    const staff = w.as('staff');
    expect((await staff.get('/api/estimate-versions/?estimate=abc')).statusCode).toBe(400);
    expect((await staff.get('/api/estimate-versions/abc/')).statusCode).toBe(404);
    expect((await staff.get('/api/estimate-versions/999999/')).statusCode).toBe(404);
  });
});

describe('deciding on a version', () => {
  it('staff, an impersonated member and outsiders may not decide', async () => {
    const { estimate } = await freshEstimate('ver Who decides');
    const v = await send(estimate.id);
    const approve = `/api/estimate-versions/${v.id}/approve/`;
    const changes = `/api/estimate-versions/${v.id}/request-changes/`;
    for (const res of [
      await w.as('staff').post(approve, { signature_name: 'Lee Park' }),
      await w.as('staff').post(changes, { note: 'x' }),
      await impersonating('POST', approve, { signature_name: 'Dana Reyes' }),
      await impersonating('POST', changes, { note: 'x' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(DENIED);
    }
    for (const res of [
      await w.as('outsider').post(approve, { signature_name: 'Someone' }),
      await w.as('outsider').post(changes, { note: 'x' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect((await w.as('staff').get(`/api/estimate-versions/${v.id}/`)).json().status).toBe('sent');
  });

  it('reads a signature or note of zero-width characters as blank: a 400, nothing written', async () => {
    const { estimate } = await freshEstimate('ver Invisible');
    const v = await send(estimate.id);
    await drainMail();
    const member = w.as('member');
    const stored = async () =>
      (await t.db.select().from(estimateVersions).where(eq(estimateVersions.id, v.id)))[0];
    const before = await stored();
    // U+200B and friends are not whitespace to String.prototype.trim, so they looked signed.
    for (const invisible of ['\u200b', '\u200b\u200d\ufeff\u2060', ' \u2060\t']) {
      const approve = await member.post(`/api/estimate-versions/${v.id}/approve/`, {
        signature_name: invisible,
      });
      expect(approve.statusCode).toBe(400);
      expect(approve.json()).toEqual({ signature_name: ['This field may not be blank.'] });
      const changes = await member.post(`/api/estimate-versions/${v.id}/request-changes/`, {
        note: invisible,
      });
      expect(changes.statusCode).toBe(400);
      expect(changes.json()).toEqual({ note: ['This field may not be blank.'] });
    }
    expect(await stored()).toEqual(before);
    expect(before?.status).toBe('sent');
    await t.mail.flush();
    expect(t.mail.messages).toHaveLength(0);
  });

  it('a member approves with a typed name; the signature keeps who, when, IP and user agent', async () => {
    const { estimate } = await freshEstimate('ver Approve');
    const v = await send(estimate.id);
    await drainMail();
    const member = w.as('member');
    const url = `/api/estimate-versions/${v.id}/approve/`;
    expect((await member.post(url, {})).json()).toEqual({
      signature_name: ['This field is required.'],
    });
    expect((await member.post(url, { signature_name: '   ' })).json()).toEqual({
      signature_name: ['This field may not be blank.'],
    });
    expect((await member.post(url, { signature_name: 'x'.repeat(151) })).json()).toEqual({
      signature_name: ['Ensure this field has no more than 150 characters.'],
    });

    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Token ${w.tokens.member}`, 'user-agent': 'Signer/1.0' },
      payload: { signature_name: ' Dana Reyes ' },
    });
    expect(res.statusCode).toBe(200);
    const approved = res.json<EstimateVersion>();
    expect(approved).toMatchObject({
      id: v.id,
      status: 'approved',
      signature_name: 'Dana Reyes',
      decided_by: { id: w.users.member.id, name: 'Dana Reyes', email: 'ver-member@acme.test' },
      decision_note: null,
    });
    expect(approved.decided_at).not.toBeNull();
    expect(approved.snapshot).toEqual(v.snapshot);
    const [row] = await t.db.select().from(estimateVersions).where(eq(estimateVersions.id, v.id));
    expect(row!.signatureIp).toBe('127.0.0.1');
    expect(row!.signatureUserAgent).toBe('Signer/1.0');

    await t.mail.flush();
    const mails = t.mail.to('ver-staff@studio.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('ver Acme approved ver Approve (version 1)');
    expect(mails[0]!.text).toContain('Dana Reyes (ver-member@acme.test) of ver Acme approved');
    expect(mails[0]!.text).toContain('Signed as: Dana Reyes');
    expect(t.mail.to('ver-member@acme.test')).toHaveLength(0);

    // Decided once and for all.
    for (const res2 of [
      await member.post(url, { signature_name: 'Dana Reyes' }),
      await member.post(`/api/estimate-versions/${v.id}/request-changes/`, { note: 'Wait' }),
    ]) {
      expect(res2.statusCode).toBe(409);
      expect(res2.json()).toEqual({
        detail: 'This version can no longer be decided: it is approved.',
      });
    }
  });

  it('a member asks for changes with a note; staff are told what to change', async () => {
    const { estimate } = await freshEstimate('ver Changes');
    const v = await send(estimate.id);
    await drainMail();
    const member = w.as('member');
    const url = `/api/estimate-versions/${v.id}/request-changes/`;
    expect((await member.post(url, { note: '' })).json()).toEqual({
      note: ['This field may not be blank.'],
    });
    expect((await member.post(url, { note: 'x'.repeat(5001) })).statusCode).toBe(400);
    const res = await member.post(url, { note: 'Please split the design phase in two.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'changes_requested',
      decision_note: 'Please split the design phase in two.',
      signature_name: null,
      decided_by: { id: w.users.member.id },
    });
    await t.mail.flush();
    const [mail] = t.mail.to('ver-staff@studio.test');
    expect(mail!.subject).toBe('ver Acme asked for changes to ver Changes (version 1)');
    expect(mail!.text).toContain('Please split the design phase in two.');
  });

  it('a superseded version can no longer be decided (409)', async () => {
    const { estimate } = await freshEstimate('ver Superseded');
    const first = await send(estimate.id);
    await send(estimate.id);
    const res = await w
      .as('member')
      .post(`/api/estimate-versions/${first.id}/approve/`, { signature_name: 'Dana Reyes' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: 'This version can no longer be decided: it is superseded.',
    });
  });

  it('two decisions racing on one version: exactly one wins, the other gets 409', async () => {
    const { estimate } = await freshEstimate('ver Race');
    const v = await send(estimate.id);
    const member = w.as('member');
    const results = await Promise.all([
      member.post(`/api/estimate-versions/${v.id}/approve/`, { signature_name: 'Dana Reyes' }),
      member.post(`/api/estimate-versions/${v.id}/request-changes/`, { note: 'Cheaper' }),
      member.post(`/api/estimate-versions/${v.id}/approve/`, { signature_name: 'Dana R.' }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json<EstimateVersion>();
    const stored = (await w.as('staff').get(`/api/estimate-versions/${v.id}/`)).json();
    expect(stored.status).toBe(winner.status);
    expect(stored.decided_at).toBe(winner.decided_at);
  });
});

describe('the PDF of a version', () => {
  const pdfText = async (body: Buffer) => {
    const { extractText, getDocumentProxy } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(body));
    const { text } = await extractText(pdf, { mergePages: true });
    return text;
  };

  it('is a PDF holding the texts, every item, the totals and the signature', async () => {
    const { estimate, section } = await freshEstimate('ver Printed');
    await w.createItem(section.id, 'Checkout flow', { low: '3.00', high: '4.75' });
    await w.as('staff').patch(`/api/estimates/${estimate.id}/`, {
      scope_of_work: 'Build the shop.',
      safe_modifier: '1.20',
      hourly_rate: '100',
      currency: 'EUR',
    });
    const v = await send(estimate.id);
    await w
      .as('member')
      .post(`/api/estimate-versions/${v.id}/approve/`, { signature_name: 'Dana Reyes' });

    const res = await w.as('member').get(`/api/estimate-versions/${v.id}/pdf/`);
    expect(res.statusCode).toBe(200);
    // One page for a short estimate: the page number is drawn on it, not on a page of its own.
    const { getDocumentProxy } = await import('unpdf');
    expect((await getDocumentProxy(new Uint8Array(res.rawPayload))).numPages).toBe(1);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ver-printed-v1.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'ver Printed',
      'ver Acme',
      'ver Acme Site',
      'Version 1',
      'Build the shop.',
      'Build',
      'Pages',
      'Checkout flow',
      '4.25', // total low: 1.25 + 3.00
      '7.25', // total high: 2.50 + 4.75
      '8.70', // safe: 7.25 × 1.20
      'Price at €100.00 per hour',
      '€425.00',
      '€725.00',
      '€870.00',
      'Signed: Dana Reyes',
      'Approved by Dana Reyes (ver-member@acme.test)',
      `Estimate EST-${estimate.id}-v1`,
      'Valid until',
      'Total with contingency (high × 1.20)',
      'Price with contingency',
      `EST-${estimate.id}-v1 · page 1 of 1`,
    ])
      expect(text).toContain(expected);
    // Plain words for the client: the internal "Safe" is gone.
    expect(text).not.toMatch(/\bSafe\b/);
    // Tagged, in a language, its title shown: what a screen reader needs.
    const raw = res.rawPayload.toString('latin1');
    expect(raw).toContain('/StructTreeRoot');
    expect(raw).toContain('/MarkInfo');
    expect(raw).toMatch(/\/Lang \(en-US\)/);
  });

  it('writes its moments on the reader’s clock and names it; UTC, said, before they chose one', async () => {
    const { estimate } = await freshEstimate('ver Clock');
    const v = await send(estimate.id);
    await t.db
      .update(estimateVersions)
      .set({
        sentAt: new Date('2026-11-27T13:49:00Z'),
        validUntil: new Date('2026-12-27T13:49:00Z'),
      })
      .where(eq(estimateVersions.id, v.id));
    const read = async () =>
      pdfText((await w.as('member').get(`/api/estimate-versions/${v.id}/pdf/`)).rawPayload);

    await setZone(w.users.member.id, null);
    const utc = await read();
    expect(utc).toContain('issued November 27, 2026, 1:49 PM (UTC)');
    expect(utc).toContain('Valid until December 27, 2026');

    await setZone(w.users.member.id, 'Pacific/Kiritimati'); // UTC+14: the next day
    const ahead = await read();
    expect(ahead).toContain('issued November 28, 2026, 3:49 AM (Pacific/Kiritimati)');
    expect(ahead).toContain('Valid until December 28, 2026');
  });

  it("carries the studio's letterhead: logo, legal name, address, tax id, website", async () => {
    onTestFinished(async () => {
      await t.db.delete(studio);
    });
    await w.as('staff').patch('/api/studio/', {
      name: 'Northwind Design Studio',
      legal_name: 'Northwind Design Ltd',
      address: '14 Harbour Street\nBristol BS1 4QA',
      tax_id: 'GB 123 4567 89',
      website: 'https://northwind.example',
    });
    const { estimate } = await freshEstimate('ver Letterhead');
    const v = await send(estimate.id);
    const without = await pdfText(
      (await w.as('member').get(`/api/estimate-versions/${v.id}/pdf/`)).rawPayload,
    );
    for (const expected of [
      'Northwind Design Ltd',
      '14 Harbour Street',
      'Bristol BS1 4QA',
      'Tax id: GB 123 4567 89',
      'https://northwind.example',
      'Northwind Design Studio', // the name stands in for the logo
    ])
      expect(without).toContain(expected);

    const logo = await sharp({
      create: { width: 300, height: 100, channels: 3, background: { r: 15, g: 118, b: 110 } },
    })
      .png()
      .toBuffer();
    const body = multipart([{ name: 'logo', filename: 'logo.png', type: 'image/png', data: logo }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/studio/logo/',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Token ${w.tokens.staff}` },
    });
    expect(uploaded.statusCode).toBe(200);
    const res = await w.as('member').get(`/api/estimate-versions/${v.id}/pdf/`);
    const raw = res.rawPayload.toString('latin1');
    expect(raw).toContain('/Subtype /Image');
    expect(raw).toContain('/Figure');
    expect(await pdfText(res.rawPayload)).toContain('Northwind Design Ltd');
    await t.app.inject({
      method: 'DELETE',
      url: '/api/studio/logo/',
      headers: { authorization: `Token ${w.tokens.staff}` },
    });
  });

  it('has the same permissions as reading the version', async () => {
    const v = await send(w.estimates.acme.id);
    const url = `/api/estimate-versions/${v.id}/pdf/`;
    expect((await w.as('visitor').get(url)).statusCode).toBe(401);
    expect((await w.as('outsider').get(url)).statusCode).toBe(404);
    expect((await impersonating('GET', url)).statusCode).toBe(200);
    expect((await w.as('staff').get(url)).statusCode).toBe(200);
    expect((await w.as('staff').get('/api/estimate-versions/999999/pdf/')).statusCode).toBe(404);
  });
});

describe('what a version asks the client to sign for, and until when (issue 25)', () => {
  it('latest/ states the version’s safe hours and price, from the version, not the working copy', async () => {
    const { estimate, item } = await freshEstimate('ver Price');
    await w.as('staff').patch(`/api/estimates/${estimate.id}/`, {
      hourly_rate: '100.00',
      currency: 'EUR',
      safe_modifier: '1.50',
    });
    const sent = await send(estimate.id);
    // A later edit of the working copy changes nothing the client is asked to sign.
    await w.as('staff').patch(`/api/estimate-items/${item.id}/`, { hours_high: '9.00' });
    const latest = (await w.as('member').get('/api/estimate-versions/latest/')).json() as {
      estimate: number;
    }[];
    expect(latest.find((v) => v.estimate === estimate.id)).toEqual({
      estimate: estimate.id,
      number: 1,
      status: 'sent',
      sent_at: sent.sent_at,
      valid_until: sent.valid_until,
      total_hours_safe: '3.75',
      price_safe: '375.0000',
      currency: 'EUR',
    });
    const hoursOnly = await freshEstimate('ver Hours only');
    await send(hoursOnly.estimate.id);
    const hours = (await w.as('member').get('/api/estimate-versions/latest/')).json() as {
      estimate: number;
    }[];
    expect(hours.find((v) => v.estimate === hoursOnly.estimate.id)).toMatchObject({
      price_safe: null,
      currency: '',
    });
  });

  it('is valid for the studio’s validity days; after that approval is a 409, changes still go', async () => {
    onTestFinished(async () => {
      await t.db.delete(studio);
    });
    expect(
      (await w.as('staff').patch('/api/studio/', { estimate_validity_days: 10 })).statusCode,
    ).toBe(200);
    const { estimate } = await freshEstimate('ver Validity');
    const version = await send(estimate.id);
    const days = (Date.parse(version.valid_until) - Date.parse(version.sent_at)) / 86_400_000;
    expect(days).toBeCloseTo(10, 3);

    // It ended at 23:30 UTC on March 4: the 409 names that moment on the decider's clock.
    await t.db
      .update(estimateVersions)
      .set({ validUntil: new Date('2026-03-04T23:30:00Z') })
      .where(eq(estimateVersions.id, version.id));
    await setZone(w.users.member.id, 'Asia/Tokyo');
    const late = await w
      .as('member')
      .post(`/api/estimate-versions/${version.id}/approve/`, { signature_name: 'Dana Reyes' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      detail:
        'This version expired on March 5, 2026, 8:30 AM (Asia/Tokyo) and can no longer be approved. Ask the studio to send it again.',
    });
    const [row] = await t.db
      .select({ status: estimateVersions.status, signature: estimateVersions.signatureName })
      .from(estimateVersions)
      .where(eq(estimateVersions.id, version.id));
    expect(row).toEqual({ status: 'sent', signature: null });

    const changes = await w
      .as('member')
      .post(`/api/estimate-versions/${version.id}/request-changes/`, { note: 'Please resend.' });
    expect(changes.statusCode).toBe(200);
  });
});
