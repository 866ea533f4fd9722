import type { Activity } from '@portal/contract/activity';
import { LEAD_STATUS_LABELS, isLeadStatus } from '@portal/contract/leads';

const NOUNS: Record<Activity['target']['type'], string> = {
  client: 'client',
  client_user: 'client user',
  project: 'project',
  phase: 'phase',
  note: 'note',
  milestone: 'milestone',
  estimate: 'estimate',
  lead: 'lead',
  canvas: 'canvas',
  test_plan: 'test plan',
  test_run: 'test run',
  user: 'account',
};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

const statusLabel = (value: unknown) => {
  const status = text(value) ?? '';
  return isLeadStatus(status) ? LEAD_STATUS_LABELS[status] : status;
};

/** "Lee Park", or "Lee Park as Dana Reyes" when Lee acted while impersonating Dana. */
export const actorName = (entry: Activity): string => {
  const actor = entry.actor?.name ?? 'Someone';
  return entry.impersonator ? `${entry.impersonator.name} as ${actor}` : actor;
};

/** The words around the target's label: "moved the lead" [Ada Byron] "from New to Contacted". */
export type Action = { before: string; after?: string };

/** What happened, in words a person reads around the target's label. */
export const describeAction = (entry: Activity): Action => {
  const noun = NOUNS[entry.target.type];
  const { data } = entry;
  const part = text(data.part);
  const name = text(data.name);
  const piece = part && name ? `${part} “${name}”` : part;
  const version = `version ${String(data.number ?? '')} of the ${noun}`;
  switch (entry.verb) {
    case 'created':
      return piece
        ? { before: `added ${piece} to the ${noun}` }
        : { before: `created the ${noun}` };
    case 'updated': {
      if (piece) return { before: `changed ${piece} on the ${noun}` };
      const fields = Array.isArray(data.fields)
        ? data.fields.filter((f): f is string => typeof f === 'string')
        : [];
      const changed = fields.map((f) => f.replaceAll('_', ' ')).join(', ');
      return changed
        ? { before: `updated the ${noun}`, after: `(${changed})` }
        : { before: `updated the ${noun}` };
    }
    // A comment is named, never quoted, once it is deleted (its words leave the activity).
    case 'deleted':
      if (part === 'comment') return { before: `deleted a comment on the ${noun}` };
      return piece
        ? { before: `removed ${piece} from the ${noun}` }
        : { before: `deleted the ${noun}` };
    case 'restored':
      if (part === 'comment') return { before: `restored a comment on the ${noun}` };
      return piece
        ? { before: `restored ${piece} on the ${noun}` }
        : { before: `restored the ${noun}` };
    case 'status_changed':
      return {
        before: `moved the ${noun}`,
        after: `from ${statusLabel(data.from)} to ${statusLabel(data.to)}`,
      };
    case 'moved':
      return { before: `moved the ${noun}` };
    case 'merged':
      return { before: `merged “${text(data.merged) ?? 'a lead'}” into the ${noun}` };
    case 'converted':
      return { before: `converted the ${noun}`, after: `into client “${text(data.client) ?? ''}”` };
    case 'imported': {
      const count = typeof data.created === 'number' ? data.created : 0;
      return { before: `imported ${count} ${count === 1 ? 'lead' : 'leads'}, first` };
    }
    case 'commented':
      return piece
        ? { before: `commented on ${piece} of the ${noun}` }
        : { before: `commented on the ${noun}` };
    case 'saved':
      return { before: `saved the ${noun}` };
    case 'signed_in':
      return { before: data.method === 'google' ? 'signed in with Google' : 'signed in' };
    case 'impersonated':
      return { before: 'started impersonating' };
    case 'sent':
      return { before: `sent ${version}` };
    case 'decided':
      return data.status === 'approved'
        ? { before: `approved ${version}` }
        : { before: `asked for changes to ${version}` };
    case 'completed':
      return { before: `completed the ${noun}` };
    case 'signed_off':
      return { before: `signed off the ${noun}` };
  }
};

/** Whether the label follows the words (a sign-in names nobody but the actor). */
export const showsLabel = (entry: Activity) => entry.verb !== 'signed_in';

/** A quoted excerpt shown under the entry (a comment's words), if any. */
export const entryQuote = (entry: Activity): string | null => text(entry.data.comment);

/**
 * Where the entry leads: the target itself, or — once it is deleted — the project or client it
 * belonged to. Null when there is nowhere to go (a sign-in, a deleted client).
 */
export const entryLink = (entry: Activity): string | null => {
  const { target, project, client } = entry;
  const gone = entry.verb === 'deleted' && !text(entry.data.part);
  const projectPage = project ? `/projects/${project.slug}` : null;
  switch (target.type) {
    case 'project':
    case 'phase':
    case 'note':
      return projectPage;
    case 'milestone':
      return gone ? projectPage : `/milestones/${target.id}`;
    case 'estimate':
      return gone ? projectPage : `/estimates/${target.id}`;
    case 'test_run':
      return gone ? projectPage : `/test-runs/${target.id}`;
    case 'test_plan':
      // The plan's id is its milestone's; the plan page is the milestone's.
      return `/milestones/${target.id}`;
    case 'client':
    case 'client_user':
      return client ? `/clients/${client.slug}` : null;
    case 'lead':
      return gone ? null : `/leads?lead=${target.id}`;
    case 'canvas':
      return gone ? null : `/experimental/modeling/${target.id}`;
    case 'user':
      return null;
  }
};
