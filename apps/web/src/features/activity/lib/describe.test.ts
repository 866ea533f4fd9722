import { describe, expect, it } from 'vitest';
import type { Activity } from '@portal/contract/activity';
import { actorName, describeAction, entryLink } from './describe';

const entry = (overrides: Partial<Activity>): Activity => ({
  id: 1,
  verb: 'created',
  actor: { id: 2, name: 'Dana Reyes' },
  impersonator: null,
  target: { type: 'estimate', id: 7, label: 'Phase one' },
  project: { id: 3, slug: 'acme-site', name: 'Acme Site' },
  client: { id: 4, slug: 'acme', name: 'Acme' },
  data: {},
  created_at: '2026-11-25T07:00:00.000Z',
  ...overrides,
});

describe('activity entries', () => {
  it('name the staff member behind an impersonation first: "Lee as Dana"', () => {
    expect(actorName(entry({}))).toBe('Dana Reyes');
    expect(actorName(entry({ impersonator: { id: 1, name: 'Lee Park' } }))).toBe(
      'Lee Park as Dana Reyes',
    );
    expect(actorName(entry({ actor: null }))).toBe('Someone');
  });

  it('read as a sentence around the target', () => {
    expect(describeAction(entry({ data: { part: 'item', name: 'Login' } }))).toEqual({
      before: 'added item “Login” to the estimate',
    });
    expect(
      describeAction(
        entry({
          verb: 'status_changed',
          target: { type: 'lead', id: 5, label: 'Ada' },
          data: { from: 'new', to: 'contacted' },
        }),
      ),
    ).toEqual({ before: 'moved the lead', after: 'from New to Contacted' });
    expect(
      describeAction(
        entry({
          verb: 'updated',
          target: { type: 'project', id: 3, label: 'x' },
          data: { fields: ['target_date', 'status'] },
        }),
      ),
    ).toEqual({ before: 'updated the project', after: '(target date, status)' });
    expect(
      describeAction(entry({ verb: 'decided', data: { number: 2, status: 'approved' } })),
    ).toEqual({
      before: 'approved version 2 of the estimate',
    });
    expect(describeAction(entry({ verb: 'restored', data: { part: 'comment' } }))).toEqual({
      before: 'restored a comment on the estimate',
    });
    expect(
      describeAction(
        entry({
          verb: 'deleted',
          target: { type: 'lead', id: 5, label: 'Ada' },
          data: { part: 'comment', comment_id: 3 },
        }),
      ),
    ).toEqual({ before: 'deleted a comment on the lead' });
    expect(
      describeAction(entry({ verb: 'restored', target: { type: 'note', id: 9, label: 'x' } })),
    ).toEqual({ before: 'restored the note' });
  });

  it('link to their target, or to where a deleted one was', () => {
    expect(entryLink(entry({}))).toBe('/estimates/7');
    expect(entryLink(entry({ verb: 'deleted' }))).toBe('/projects/acme-site');
    expect(entryLink(entry({ verb: 'deleted', data: { part: 'item', name: 'x' } }))).toBe(
      '/estimates/7',
    );
    expect(entryLink(entry({ target: { type: 'note', id: 9, label: 'n' } }))).toBe(
      '/projects/acme-site',
    );
    // A test plan's id is its milestone's, whose page is the plan.
    expect(
      entryLink(
        entry({
          verb: 'deleted',
          target: { type: 'test_plan', id: 4, label: 'Beta' },
          data: { part: 'step', name: 'Pay' },
        }),
      ),
    ).toBe('/milestones/4');
    expect(
      entryLink(
        entry({ target: { type: 'lead', id: 5, label: 'Ada Byron' }, project: null, client: null }),
      ),
    ).toBe('/leads?lead=5');
    expect(
      entryLink(entry({ verb: 'signed_in', target: { type: 'user', id: 1, label: 'Lee' } })),
    ).toBeNull();
  });
});
