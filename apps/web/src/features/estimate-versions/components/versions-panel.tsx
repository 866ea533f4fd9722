import { useState } from 'react';
import { Link } from 'react-router';
import { Send } from 'lucide-react';
import { isExpired, versionAmount, type EstimateVersion } from '@portal/contract/estimate-versions';
import type { EstimateDetail } from '@portal/contract/estimates';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Card, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/auth';
import { useClock } from '../../../lib/clock';
import { useVersions } from '../api/versions';
import { EstimateDiff } from './estimate-diff';
import { DecisionDialog, type DecisionKind } from './decision-dialog';
import { SendVersionDialog } from './send-version-dialog';
import { diffEstimates, isEmptyDiff } from '../lib/diff';
import { decisionSummary, formatValidUntil, VersionStatusBadge } from './version-status';
import { textLink } from '../../../components/ui/text-link';

/**
 * The version a client user reads instead of the working copy (issue 25): the newest one sent to
 * her, waiting or decided. Later staff edits are not part of what she signs or signed.
 */
export const useClientVersion = (estimateId: number, enabled: boolean) => {
  const versions = useVersions(estimateId);
  return {
    // Undefined until the versions are known: never the working copy meanwhile.
    version: !enabled ? null : versions.data ? (versions.data[0] ?? null) : undefined,
    /** Still asking, for anyone: the estimate page waits for them before it draws (0055). */
    pending: versions.isPending,
    failed: enabled && versions.isError,
    retry: () => void versions.refetch(),
  };
};

const VersionRow = ({ version }: { version: EstimateVersion }) => {
  const clock = useClock();
  const decided = decisionSummary(version, clock);
  return (
    <li className="flex flex-col gap-1 px-5 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <Link to={`/estimates/${version.estimate}/versions/${version.id}`} className={textLink}>
          Version {version.number}
        </Link>
        <VersionStatusBadge status={version.status} expired={isExpired(version)} />
      </div>
      <p className="text-sm text-slate-600">
        Sent {clock.format(version.sent_at)}
        {version.sent_by ? ` by ${version.sent_by.name}` : ''}
      </p>
      {decided && <p className="text-sm text-slate-600">{decided}</p>}
      {version.decision_note && (
        <p className="border-l-2 border-orange-300 pl-3 text-sm whitespace-pre-wrap text-slate-700">
          {version.decision_note}
        </p>
      )}
    </li>
  );
};

const outcomeId = (version: EstimateVersion) => `version-${version.id}-outcome`;

/**
 * The client's side of a sent version: while it waits, the ask with Approve and Request changes;
 * once decided, the outcome.
 */
const ClientDecision = ({
  version,
  workingCopy,
  impersonating,
}: {
  version: EstimateVersion;
  /** The estimate as staff are editing it now: a decided version may have a successor coming. */
  workingCopy: EstimateDetail;
  /** Staff signed in as this user: they may look, but a signature must be the person's own. */
  impersonating: boolean;
}) => {
  const [dialog, setDialog] = useState<{ kind: DecisionKind; open: boolean } | null>(null);
  const clock = useClock();
  const expired = isExpired(version);
  if (version.status !== 'sent') {
    const outcome = decisionSummary(version, clock);
    const newerComing = !isEmptyDiff(diffEstimates(version.snapshot, workingCopy));
    return outcome ? (
      <div
        id={outcomeId(version)}
        role="status"
        tabIndex={-1}
        className={cn(
          'rounded-lg border px-5 py-4 text-sm focus:outline-2 focus:outline-offset-2 focus:outline-brand-500 print:hidden',
          version.status === 'approved'
            ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
            : 'border-orange-200 bg-orange-50 text-orange-900',
        )}
      >
        Version {version.number}: {outcome}.{' '}
        <Link to={`/estimates/${version.estimate}/versions/${version.id}`} className={textLink}>
          View version {version.number}
        </Link>
        <p className="mt-1 text-slate-700">
          {newerComing
            ? `The studio is preparing a newer version. This page shows version ${version.number} as you decided it.`
            : `This page shows version ${version.number} as you decided it.`}
        </p>
      </div>
    ) : null;
  }
  return (
    <section
      aria-labelledby="waiting-version"
      className="flex flex-col gap-3 rounded-lg border border-sky-200 bg-sky-50 px-5 py-4 print:hidden"
    >
      <div>
        <h2 id="waiting-version" className="font-semibold text-slate-900">
          {expired
            ? `Version ${version.number} expired on ${formatValidUntil(version, clock)}`
            : `Version ${version.number} is waiting for your approval`}
        </h2>
        <p className="mt-1 text-slate-900">
          Total with contingency:{' '}
          <strong className="text-lg font-semibold">{versionAmount(version)}</strong>
        </p>
        <p className="text-sm text-slate-600">
          Sent {clock.format(version.sent_at)}
          {version.sent_by ? ` by ${version.sent_by.name}` : ''}
          {expired
            ? '. It can no longer be approved: ask the studio to send it again, or request changes.'
            : `, valid until ${formatValidUntil(version, clock)}.`}{' '}
          This page shows version {version.number} as it was sent.
        </p>
        {version.message && (
          <p className="mt-2 border-l-2 border-sky-300 pl-3 text-sm whitespace-pre-wrap text-slate-700">
            {version.message}
          </p>
        )}
      </div>
      {impersonating ? (
        <p className="text-sm text-slate-600">
          You are viewing as this user: only they can approve or request changes.
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {!expired && (
            <Button onClick={() => setDialog({ kind: 'approve', open: true })}>Approve</Button>
          )}
          <Button
            variant="secondary"
            onClick={() => setDialog({ kind: 'request-changes', open: true })}
          >
            Request changes
          </Button>
        </div>
      )}
      {dialog && (
        <DecisionDialog
          key={dialog.kind}
          kind={dialog.kind}
          open={dialog.open}
          onOpenChange={(open) => setDialog(open ? dialog : null)}
          version={version}
          // The decision replaces this section with its outcome: focus goes there, not to <body>.
          focusFallback={() => document.getElementById(outcomeId(version))}
        />
      )}
    </section>
  );
};

/**
 * Versions on the estimate page: staff send a new one and see the history; a client user sees
 * the version waiting for them (or the outcome) and the history.
 */
export const VersionsPanel = ({ estimate }: { estimate: EstimateDetail }) => {
  const { isSuperuser, impersonating } = useSession();
  const versions = useVersions(estimate.id);
  const [sending, setSending] = useState(false);
  const [session, setSession] = useState(0);
  const list = versions.data ?? [];
  const latest = list[0];

  return (
    <div className="flex flex-col gap-4 print:hidden">
      {!isSuperuser && latest && (
        <ClientDecision version={latest} workingCopy={estimate} impersonating={impersonating} />
      )}
      <Card aria-labelledby="estimate-versions">
        <CardHeader
          title={
            <h2 id="estimate-versions" className="text-[15px] font-semibold text-slate-900">
              Versions
            </h2>
          }
          actions={
            isSuperuser && (
              <Button
                size="sm"
                onClick={() => {
                  setSession((n) => n + 1);
                  setSending(true);
                }}
              >
                <Send aria-hidden />
                Send to client
              </Button>
            )
          }
        />
        {versions.isPending ? (
          <div className="flex justify-center px-5 py-6">
            <Spinner label="Loading versions..." />
          </div>
        ) : versions.isError ? (
          <p className="px-5 py-4 text-sm text-red-700">
            The versions could not be loaded.{' '}
            <Button variant="link" size="sm" onClick={() => void versions.refetch()}>
              Try again
            </Button>
          </p>
        ) : list.length === 0 ? (
          <p className="px-5 py-4 text-sm text-slate-500">
            {isSuperuser
              ? 'Draft: never sent. Send it to the client when it is ready for approval.'
              : 'The studio has not sent a version of this estimate yet.'}
          </p>
        ) : (
          <>
            <ol className="divide-y divide-slate-100">
              {list.map((version) => (
                <VersionRow key={version.id} version={version} />
              ))}
            </ol>
            {isSuperuser && latest && (
              <div className="border-t border-slate-200 px-5 py-4">
                <EstimateDiff
                  before={latest.snapshot}
                  after={estimate}
                  title={`Changes since version ${latest.number} (working copy)`}
                />
              </div>
            )}
          </>
        )}
      </Card>
      {isSuperuser && session > 0 && (
        <SendVersionDialog
          key={session}
          open={sending}
          onOpenChange={setSending}
          estimate={estimate}
        />
      )}
    </div>
  );
};
