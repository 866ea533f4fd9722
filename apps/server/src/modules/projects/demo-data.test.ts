import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../../test/demo-sign-in';

const { signIn } = useDemoApp();

describe('demo clients and projects', () => {
  it('let the demo client user sign in and see only Acme’s projects', async () => {
    const get = await signIn('dana@acme.example');
    const mine = (await get('/api/projects/all/')).json();
    expect(mine.map((p: { slug: string }) => p.slug)).toEqual([
      'acme-mobile-app',
      'acme-website-redesign',
    ]);
    expect((await get('/api/projects/studio-portal/')).statusCode).toBe(404);
    expect((await get('/api/clients/')).statusCode).toBe(403);

    const site = mine[1] as { id: number; figma_url: string | null };
    expect(site.figma_url).toMatch(/^https:\/\//);
    const milestones = (await get(`/api/milestones/?project=${site.id}`)).json().results;
    expect(milestones.map((m: { order: number }) => m.order)).toEqual([0, 1, 2, 3, 4]);
    expect((await get(`/api/project-phases/?project=${site.id}`)).json().count).toBe(4);
    expect((await get(`/api/project-notes/?project=${site.id}`)).json().count).toBe(3);
  });

  it('give staff every client, one of them internal, with Acme’s users', async () => {
    const get = await signIn('lee@studio.example');
    const list = (await get('/api/clients/')).json().results;
    expect(
      list.map((c: { slug: string; is_internal: boolean }) => [c.slug, c.is_internal]),
    ).toEqual([
      ['acme', false],
      ['globex', false],
      ['studio', true],
    ]);
    const acme = list[0] as { id: number };
    const users = (await get(`/api/client-users/?client=${acme.id}`)).json().results;
    expect(users.map((l: { user: { email: string } }) => l.user.email)).toEqual([
      'dana@acme.example',
      'sam@acme.example',
    ]);
    expect((await get('/api/projects/all/')).json()).toHaveLength(4);
  });
});
