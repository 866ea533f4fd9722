import { beforeAll, describe, expect, it } from 'vitest';
import type { projects } from '../../../db/schema/index';
import { useTestWorld } from '../../../test/test-world';
import {
  createProjectWorld,
  DENIED,
  NOT_FOUND,
  UNAUTHENTICATED,
} from '../../clients/test-fixtures';

type ProjectRow = typeof projects.$inferSelect;
type PhaseDto = { id: number; phase_name: string };
type ProjectPhaseDto = { id: number; project: number; phase: PhaseDto; completed: string | null };

const { w } = useTestWorld(createProjectWorld, 'ph');
let acme: ProjectRow;
let globex: ProjectRow;
let defaults: PhaseDto[];
let acmePhase: ProjectPhaseDto;
let globexPhase: ProjectPhaseDto;

const addPhase = async (project: number, phase: number, completed?: string | null) => {
  const res = await w.as('staff').post('/api/project-phases/', {
    project,
    phase,
    ...(completed === undefined ? {} : { completed }),
  });
  expect(res.statusCode).toBe(201);
  return res.json() as ProjectPhaseDto;
};

beforeAll(async () => {
  ({ acme, globex } = w.projects);
  defaults = (await w.as('member').get('/api/phases/')).json().results;
  acmePhase = await addPhase(acme.id, defaults[0]!.id, '2025-01-15');
  globexPhase = await addPhase(globex.id, defaults[1]!.id);
});

describe('phases', () => {
  it('come seeded with a default list, in a project’s natural order', () => {
    expect(defaults.map((p) => p.phase_name)).toEqual([
      'Discovery',
      'Design',
      'Development',
      'Quality Assurance',
      'Launch',
      'Support',
    ]);
  });

  it('are read by everyone signed in and written by staff only', async () => {
    expect((await w.as('visitor').get('/api/phases/')).json()).toEqual(UNAUTHENTICATED);
    expect((await w.as('outsider').get(`/api/phases/${defaults[0]!.id}/`)).json()).toEqual(
      defaults[0],
    );
    for (const [role, status, body] of [
      ['visitor', 401, UNAUTHENTICATED],
      ['member', 403, DENIED],
      ['outsider', 403, DENIED],
    ] as const) {
      const api = w.as(role);
      for (const res of [
        await api.post('/api/phases/', { phase_name: 'Party' }),
        await api.patch(`/api/phases/${defaults[0]!.id}/`, { phase_name: 'x' }),
        await api.put(`/api/phases/${defaults[0]!.id}/`, { phase_name: 'x' }),
        await api.delete(`/api/phases/${defaults[5]!.id}/`),
      ]) {
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual(body);
      }
    }
    expect((await w.as('visitor').get(`/api/phases/${defaults[0]!.id}/`)).statusCode).toBe(401);
  });

  it('staff add, rename and delete phases; names are unique', async () => {
    const staff = w.as('staff');
    const created = await staff.post('/api/phases/', { phase_name: 'Retrospective' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await staff.patch(`/api/phases/${id}/`, { phase_name: 'Retro' })).json()).toEqual({
      id,
      phase_name: 'Retro',
    });
    const duplicate = await staff.post('/api/phases/', { phase_name: 'design' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ phase_name: ['A phase with this name already exists.'] });
    const renameClash = await staff.put(`/api/phases/${id}/`, { phase_name: 'LAUNCH' });
    expect(renameClash.json()).toEqual({ phase_name: ['A phase with this name already exists.'] });
    expect((await staff.post('/api/phases/', {})).json()).toEqual({
      phase_name: ['This field is required.'],
    });
    expect((await staff.delete(`/api/phases/${id}/`)).statusCode).toBe(204);
    expect((await staff.get(`/api/phases/${id}/`)).statusCode).toBe(404);
  });

  it('refuse to delete a phase that a project uses', async () => {
    const res = await w.as('staff').delete(`/api/phases/${defaults[0]!.id}/`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: 'This phase is used by projects. Remove it from them first.',
    });
  });
});

describe('project phases', () => {
  it('visitors get 401; members read their projects’ phases only; others are hidden', async () => {
    const visitor = w.as('visitor');
    expect((await visitor.get('/api/project-phases/')).statusCode).toBe(401);
    expect((await visitor.get(`/api/project-phases/${acmePhase.id}/`)).statusCode).toBe(401);

    const member = w.as('member');
    expect((await member.get(`/api/project-phases/?project=${acme.id}`)).json().results).toEqual([
      acmePhase,
    ]);
    expect((await member.get('/api/project-phases/')).json().results).toEqual([acmePhase]);
    expect((await member.get(`/api/project-phases/?project=${globex.id}`)).json().count).toBe(0);
    expect((await member.get(`/api/project-phases/${acmePhase.id}/`)).json()).toEqual(acmePhase);
    const hidden = await member.get(`/api/project-phases/${globexPhase.id}/`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(NOT_FOUND);

    const outsider = w.as('outsider');
    expect((await outsider.get('/api/project-phases/')).json().results).toEqual([globexPhase]);
    expect((await outsider.get(`/api/project-phases/${acmePhase.id}/`)).statusCode).toBe(404);
  });

  it('members and outsiders may not write them (403), visitors 401', async () => {
    for (const [role, status] of [
      ['visitor', 401],
      ['member', 403],
      ['outsider', 403],
    ] as const) {
      const api = w.as(role);
      for (const res of [
        await api.post('/api/project-phases/', { project: acme.id, phase: defaults[2]!.id }),
        await api.patch(`/api/project-phases/${acmePhase.id}/`, { completed: null }),
        await api.put(`/api/project-phases/${acmePhase.id}/`, { phase: defaults[2]!.id }),
        await api.delete(`/api/project-phases/${acmePhase.id}/`),
      ])
        expect(res.statusCode).toBe(status);
    }
  });

  it('staff add a phase with a completion date, complete and reopen it, and remove it', async () => {
    const staff = w.as('staff');
    const created = await addPhase(acme.id, defaults[2]!.id);
    expect(created).toEqual({
      id: expect.any(Number),
      project: acme.id,
      phase: defaults[2],
      completed: null,
    });
    const done = await staff.patch(`/api/project-phases/${created.id}/`, {
      completed: '2025-06-30',
      project: globex.id,
    });
    expect(done.json()).toEqual({ ...created, completed: '2025-06-30' });
    // Year 0000 passes the ISO pattern but PostgreSQL has no year 0: a 400 on the field.
    const yearZero = await staff.patch(`/api/project-phases/${created.id}/`, {
      completed: '0000-01-01',
    });
    expect(yearZero.statusCode).toBe(400);
    expect(yearZero.json()).toEqual({
      completed: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
    });
    const reopened = await staff.put(`/api/project-phases/${created.id}/`, {
      phase: defaults[3]!.id,
      completed: null,
    });
    expect(reopened.json()).toEqual({ ...created, phase: defaults[3], completed: null });
    const ordered = (await staff.get(`/api/project-phases/?project=${acme.id}`)).json().results;
    expect(ordered.map((p: ProjectPhaseDto) => p.phase.phase_name)).toEqual([
      'Discovery',
      'Quality Assurance',
    ]);
    expect((await staff.delete(`/api/project-phases/${created.id}/`)).statusCode).toBe(204);
    expect((await staff.get(`/api/project-phases/${created.id}/`)).statusCode).toBe(404);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const staff = w.as('staff');
    const cases: [unknown, Record<string, string[]>][] = [
      [{ phase: defaults[4]!.id }, { project: ['This field is required.'] }],
      [{ project: acme.id }, { phase: ['This field is required.'] }],
      [
        { project: 424242, phase: defaults[4]!.id },
        { project: ['Invalid pk "424242" - object does not exist.'] },
      ],
      [
        { project: acme.id, phase: 424242 },
        { phase: ['Invalid pk "424242" - object does not exist.'] },
      ],
      [
        { project: acme.id, phase: defaults[4]!.id, completed: '2025-13-01' },
        { completed: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] },
      ],
      [
        { project: acme.id, phase: defaults[4]!.id, completed: 'yesterday' },
        { completed: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] },
      ],
      [
        { project: acme.id, phase: defaults[0]!.id },
        { non_field_errors: ['This phase is already part of the project.'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await staff.post('/api/project-phases/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    const other = await addPhase(acme.id, defaults[5]!.id);
    const clash = await staff.patch(`/api/project-phases/${other.id}/`, { phase: defaults[0]!.id });
    expect(clash.json()).toEqual({
      non_field_errors: ['This phase is already part of the project.'],
    });
    const missing = await staff.patch(`/api/project-phases/${other.id}/`, { phase: 424242 });
    expect(missing.json()).toEqual({ phase: ['Invalid pk "424242" - object does not exist.'] });
  });
});
