import { History } from 'lucide-react';
import { Link } from 'react-router';
import type { Activity, ActivityFilters } from '@portal/contract/activity';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { DateTime } from '../../../components/ui/date-time';
import { EmptyState, LoadError } from '../../projects/components/states';
import { useActivity } from '../api/activity';
import { actorName, describeAction, entryLink, entryQuote, showsLabel } from '../lib/describe';

type EntryOptions = {
  showContext: boolean;
  /** Makes the actor's name a button that shows only that person's entries. */
  onActor?: ((id: number) => void) | undefined;
};

const Entry = ({ entry, showContext, onActor }: EntryOptions & { entry: Activity }) => {
  const action = describeAction(entry);
  const link = entryLink(entry);
  const quote = entryQuote(entry);
  const label = link ? (
    <Link to={link} className="font-medium text-brand-700 hover:underline">
      {entry.target.label}
    </Link>
  ) : (
    <span className="font-medium text-slate-900">{entry.target.label}</span>
  );
  return (
    <li className="px-5 py-3 text-sm">
      <p className="leading-relaxed break-words text-slate-600">
        {onActor && entry.actor ? (
          <button
            type="button"
            className="font-medium text-slate-900 hover:underline"
            title={`Show only ${entry.actor.name}’s activity`}
            onClick={() => entry.actor && onActor(entry.actor.id)}
          >
            {actorName(entry)}
          </button>
        ) : (
          <span className="font-medium text-slate-900">{actorName(entry)}</span>
        )}{' '}
        {action.before}
        {showsLabel(entry) && <> {label}</>}
        {action.after && <> {action.after}</>}
      </p>
      {quote && (
        <p className="mt-1 border-l-2 border-slate-200 pl-3 break-words text-slate-500">{quote}</p>
      )}
      <p className="mt-1 text-xs text-slate-500">
        <DateTime value={entry.created_at} />
        {showContext && entry.project && entry.target.type !== 'project' && (
          <> · {entry.project.name}</>
        )}
        {showContext && !entry.project && entry.client && entry.target.type !== 'client' && (
          <> · {entry.client.name}</>
        )}
      </p>
    </li>
  );
};

/**
 * The history of one project, estimate, client or lead (or, unfiltered, of the studio), newest
 * first, with older entries a click away.
 */
export const ActivityFeed = ({
  filters,
  showContext = false,
  emptyText = 'Changes made here will show up in this list.',
  pageSize,
  onActor,
}: Partial<Pick<EntryOptions, 'onActor'>> & {
  /** Entries per page; a card on a busy page shows fewer. */
  pageSize?: number;
  filters: ActivityFilters;
  /** Name each entry's project or client (on the studio-wide page, not on a project's). */
  showContext?: boolean;
  emptyText?: string;
}) => {
  const history = useActivity(filters, pageSize);
  if (history.isPending)
    return (
      <div className="flex justify-center px-5 py-8">
        <Spinner label="Loading activity" />
      </div>
    );
  if (history.isError)
    return (
      <div className="p-4">
        <LoadError
          what="the activity"
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      </div>
    );
  const entries = history.data.pages.flatMap((page) => page.results);
  if (entries.length === 0)
    return (
      <EmptyState icon={History} title="No activity yet">
        {emptyText}
      </EmptyState>
    );
  return (
    <>
      <ul aria-label="Activity" className="divide-y divide-slate-100">
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} showContext={showContext} onActor={onActor} />
        ))}
      </ul>
      {history.hasNextPage && (
        <div className="border-t border-slate-100 px-5 py-3">
          <Button
            variant="ghost"
            size="sm"
            disabled={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            {history.isFetchingNextPage ? 'Loading…' : 'Show older'}
          </Button>
        </div>
      )}
    </>
  );
};
