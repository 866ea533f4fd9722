import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-world';

const t = useTestApp();

describe('platform', () => {
  it('answers the public configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ portal_name: 'Studio Portal', google: null });
  });

  it('answers unknown API paths with a DRF 404 body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('rejects an unknown token with 401 and WWW-Authenticate', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/config/',
      headers: { authorization: 'Token nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Token');
    expect(res.json()).toEqual({ detail: 'Invalid token.' });
  });

  it('serves the OpenAPI document and its browsable reference', async () => {
    const schema = await t.app.inject({ method: 'GET', url: '/api/schema/' });
    expect(schema.statusCode).toBe(200);
    expect(schema.json().paths).toHaveProperty(['/api/config/']);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('tags every answer with a request id and security headers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/config/',
      headers: { 'x-request-id': 'abc-123' },
    });
    // No trusted proxy in front: the client does not pick the id (modules/operations tests it).
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
