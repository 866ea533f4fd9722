import { PageFrame } from '../../../components/layout/page';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ChevronLeft, Download } from 'lucide-react';
import {
  estimateNumber,
  isExpired,
  versionFileName,
  type EstimateVersion,
} from '@portal/contract/estimate-versions';
import { PageSpinner } from '../../../components/layout/page-spinner';
import { Button } from '../../../components/ui/button';
import { useClock } from '../../../lib/clock';
import { toastError } from '../../../lib/errors';
import { parseId } from '../../../lib/parse-id';
import { usePageTitle } from '../../../lib/use-page-title';
import { EstimateOverview } from '../../estimates/components/estimate-overview';
import { EstimatePrice } from '../../estimates/components/estimate-price';
import { EstimateTotal } from '../../estimates/components/estimate-total';
import { EstimateNotFound, isNotFound, LoadError } from '../../estimates/components/states';
import { downloadVersionPdf, useVersion, useVersions } from '../api/versions';
import { EstimateDiff } from '../components/estimate-diff';
import { SnapshotSections } from '../components/snapshot-sections';
import {
  decisionSummary,
  formatValidUntil,
  VersionStatusBadge,
} from '../components/version-status';

const VersionScreen = ({ version }: { version: EstimateVersion }) => {
  const versions = useVersions(version.estimate);
  const previous = versions.data?.find((other) => other.number === version.number - 1);
  const [downloading, setDownloading] = useState(false);
  const estimate = version.snapshot;
  const clock = useClock();
  const decided = decisionSummary(version, clock);
  const download = () => {
    setDownloading(true);
    downloadVersionPdf(version, versionFileName(version))
      .catch(toastError)
      .finally(() => setDownloading(false));
  };
  return (
    <PageFrame as="article" className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <Link
          to={`/estimates/${version.estimate}`}
          className="inline-flex items-center gap-1 self-start rounded-sm text-sm text-slate-500 underline-offset-4 hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <ChevronLeft aria-hidden className="size-4" />
          Back to the estimate
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-[0.14em] text-slate-500 uppercase">
              Version {version.number}
            </p>
            <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">
              {estimate.name}
            </h1>
            <p className="mt-1 text-sm text-slate-500">
              {estimate.project.client.name} · {estimate.project.name}
            </p>
          </div>
          <Button variant="secondary" onClick={download} loading={downloading}>
            <Download aria-hidden />
            Download PDF
          </Button>
        </div>
        <div className="flex flex-col gap-1 text-sm text-slate-600">
          <div className="flex flex-wrap items-center gap-2">
            <VersionStatusBadge status={version.status} expired={isExpired(version)} />
            <span>
              {estimateNumber(version)} · Sent {clock.format(version.sent_at)}
              {version.sent_by ? ` by ${version.sent_by.name}` : ''}
              {version.status === 'sent' && ` · Valid until ${formatValidUntil(version, clock)}`}
            </span>
          </div>
          {decided && <p>{decided}</p>}
          {version.message && (
            <p className="border-l-2 border-slate-300 pl-3 whitespace-pre-wrap">
              {version.message}
            </p>
          )}
          {version.decision_note && (
            <p className="border-l-2 border-orange-300 pl-3 whitespace-pre-wrap">
              {version.decision_note}
            </p>
          )}
        </div>
      </header>
      {previous && (
        <div className="rounded-lg border border-slate-200 bg-white px-5 py-4 shadow-sm">
          <EstimateDiff
            before={previous.snapshot}
            after={estimate}
            title={`Changes from version ${previous.number}`}
          />
        </div>
      )}
      <EstimateOverview estimate={estimate} canEdit={false} />
      <SnapshotSections estimate={estimate} />
      <EstimateTotal estimate={estimate} />
      <EstimatePrice estimate={estimate} canEdit={false} />
    </PageFrame>
  );
};

/** /estimates/{estimateId}/versions/{versionId}: one version, read-only, with its PDF. */
export const VersionRoute = () => {
  const { versionId } = useParams();
  const id = parseId(versionId);
  const version = useVersion(id ?? 0, id !== null);
  const notFound = id === null || (version.isError && isNotFound(version.error));
  usePageTitle(
    version.data
      ? `${version.data.snapshot.name} — version ${version.data.number}`
      : notFound
        ? 'Version not found'
        : 'Version',
  );
  if (notFound) return <EstimateNotFound />;
  if (version.isError)
    return (
      <PageFrame width="column">
        <LoadError
          what="the version"
          error={version.error}
          onRetry={() => void version.refetch()}
          retrying={version.isFetching}
          className="rounded-lg border border-slate-200 bg-white shadow-sm"
        />
      </PageFrame>
    );
  if (!version.data) return <PageSpinner label="Loading version..." />;
  return <VersionScreen version={version.data} />;
};
