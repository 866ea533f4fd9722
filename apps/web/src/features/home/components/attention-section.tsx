import type { HomeEntry, HomeSection } from '@portal/contract/home';
import { ESTIMATE_VERSION_STATUSES } from '@portal/contract/estimate-versions';
import { TEST_RUN_STATUSES } from '@portal/contract/test-runs';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Card, CardHeader } from '../../../components/ui/card';
import { DateTime } from '../../../components/ui/date-time';
import { VersionStatusBadge } from '../../estimate-versions/components/version-status';
import { STATUS_COLORS, STATUS_LABELS } from '../../test-runs/lib/labels';
import { SECTION_TEXTS } from '../lib/sections';
import { cn } from '../../../components/ui/cn';
import { textLink } from '../../../components/ui/text-link';

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** A version's or a test run's status as their own screens show it. */
const EntryStatus = ({ status }: { status: string | null }) => {
  if (isOneOf(ESTIMATE_VERSION_STATUSES, status)) return <VersionStatusBadge status={status} />;
  if (isOneOf(TEST_RUN_STATUSES, status))
    return <Badge color={STATUS_COLORS[status]}>{STATUS_LABELS[status]}</Badge>;
  return null;
};

const Entry = ({ entry }: { entry: HomeEntry }) => (
  <li className="flex items-start gap-3 px-5 py-3">
    <div className="min-w-0 flex-1">
      <Link to={entry.path} className={cn(textLink, 'line-clamp-2 break-words')}>
        {entry.title}
      </Link>
      <p className="mt-0.5 truncate text-sm text-slate-600">{entry.context}</p>
    </div>
    <div className="flex shrink-0 flex-col items-end gap-1 text-right">
      {entry.at && <DateTime value={entry.at} className="text-xs text-slate-600" />}
      <EntryStatus status={entry.status} />
    </div>
  </li>
);

/** One kind of thing needing attention: its title and count, its newest entries, each a link. */
export const AttentionSection = ({ section }: { section: HomeSection }) => {
  const texts = SECTION_TEXTS[section.key];
  const headingId = `home-${section.key}`;
  const more = section.count - section.entries.length;
  return (
    <Card aria-labelledby={headingId} id={section.key}>
      <CardHeader
        title={<span id={headingId}>{texts.title}</span>}
        actions={
          <span
            className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 tabular-nums"
            aria-label={`${section.count} in all`}
          >
            {section.count}
          </span>
        }
      />
      {section.entries.length === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-600">{texts.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {section.entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      {more > 0 && (
        <p className="border-t border-slate-100 px-5 py-2.5 text-xs text-slate-600">
          and {more} more
        </p>
      )}
    </Card>
  );
};
