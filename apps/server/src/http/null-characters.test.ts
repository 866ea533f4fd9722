import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLeadWorld,
  freshAddress,
  UNAUTHENTICATED,
  type LeadWorld,
} from '../modules/leads/test-helpers';
import { createTestApp, type TestContext } from '../test/test-app';

let t: TestContext;
let w: LeadWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await createLeadWorld(t, 'nul');
});
afterAll(() => t.close());

const NUL = { message: 'Null characters are not allowed.' };

describe('null characters (PostgreSQL cannot store them)', () => {
  it('are a 400 on the search parameter, not a 500', async () => {
    const res = await w.as('staff').get('/api/leads/?search=smi%00th');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ search: [NUL.message] });
  });

  it('are a 400 on the top-level field that holds them, however deep', async () => {
    const res = await w.as('staff').post('/api/leads/', {
      first_name: 'Ada',
      email: 'ada@example.test',
      metadata: { utm: { source: 'news\u0000letter' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ metadata: [NUL.message] });
  });

  it('come after the permission check: a visitor still gets 401', async () => {
    const res = await w.as('visitor').get('/api/leads/?search=%00');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it('leave ordinary text alone', async () => {
    const res = await w.as('staff').post(
      '/api/leads/',
      {
        first_name: 'Zoë',
        last_name: 'Ng',
        email: 'zoe@example.test',
        metadata: { note: 'a\\u0000b' },
      },
      { ip: freshAddress() },
    );
    expect(res.json()).toMatchObject({ first_name: 'Zoë' });
    expect(res.statusCode).toBe(201);
  });
});
