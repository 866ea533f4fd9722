import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FileText, Plus } from 'lucide-react';
import { isExpired, type EstimateLatestVersion } from '@portal/contract/estimate-versions';
import { formatPrice, type EstimateListItem } from '@portal/contract/estimates';
import { ESTIMATE_ORDERING_FIELDS } from '@portal/contract/sorting';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import { SortHeader } from '../../../components/ui/sort-header';
import { useSession } from '../../../lib/auth';
import { useUrlOrdering } from '../../../lib/use-url-ordering';
import { useLatestVersions } from '../../estimate-versions/api/versions';
import { VersionStatusBadge } from '../../estimate-versions/components/version-status';
import { useSortedEstimates } from '../api/estimates';
import { CreateEstimateDialog } from '../components/create-estimate-dialog';
import { EmptyState, LoadError } from '../components/states';
import { textLink } from '../../../components/ui/text-link';

/**
 * What a client signs for, first (issue 25): the latest version's safe price with its safe hours
 * under it, or its hours alone; the working copy's hours only while nothing was sent.
 */
const ClientPrice = ({
  estimate,
  version,
}: {
  estimate: EstimateListItem;
  version: EstimateLatestVersion | undefined;
}) => {
  if (estimate.status === null)
    return (
      <>
        {estimate.total_hours_high} hours
        <span className="block text-xs text-slate-500">Not sent yet</span>
      </>
    );
  // Sent, its price still on its way (or not to be had): nothing rather than the working copy.
  if (!version) return <span className="text-slate-400">…</span>;
  return version.price_safe && version.currency ? (
    <>
      <span className="font-medium text-slate-900">
        {formatPrice(version.price_safe, version.currency)}
      </span>
      <span className="block text-xs text-slate-500">
        {version.total_hours_safe} hours · version {version.number}
      </span>
    </>
  ) : (
    <>
      {version.total_hours_safe} hours
      <span className="block text-xs text-slate-500">version {version.number}</span>
    </>
  );
};

const EstimateRow = ({
  estimate,
  isSuperuser,
  version,
}: {
  estimate: EstimateListItem;
  isSuperuser: boolean;
  version: EstimateLatestVersion | undefined;
}) => {
  const { project } = estimate;
  return (
    <TableRow>
      <TableCell className="max-md:block max-md:pb-1">
        <Link to={`/estimates/${estimate.id}`} className={textLink}>
          {estimate.name}
        </Link>
      </TableCell>
      <TableCell className="max-md:inline-block max-md:pt-0 max-md:pr-1 max-md:pl-5 max-md:text-[13px] max-md:after:ml-1 max-md:after:text-slate-300 max-md:after:content-['·']">
        {/* Client pages are staff screens: others see the name only (spec §2). */}
        {isSuperuser ? (
          <Link to={`/clients/${project.client.slug}`} className="hover:underline">
            {project.client.name}
          </Link>
        ) : (
          project.client.name
        )}
      </TableCell>
      <TableCell className="max-md:inline-block max-md:pt-0 max-md:pl-0 max-md:text-[13px]">
        <Link to={`/projects/${project.slug}`} className="hover:underline">
          {project.name}
        </Link>
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums max-md:inline-block max-md:pt-1 max-md:pl-5 max-md:text-[13px] md:text-right">
        {isSuperuser ? (
          <>
            {estimate.total_hours_high}
            <span className="md:sr-only"> hours</span>
          </>
        ) : (
          <ClientPrice estimate={estimate} version={version} />
        )}
      </TableCell>
      <TableCell className="max-md:inline-block max-md:pt-1 max-md:pl-3">
        <VersionStatusBadge
          status={estimate.status}
          expired={version !== undefined && isExpired(version)}
        />
      </TableCell>
    </TableRow>
  );
};

const SkeletonRows = () =>
  Array.from({ length: 4 }, (_, index) => (
    <TableRow key={index} aria-hidden>
      {[48, 28, 36, 16, 20].map((width, cell) => (
        <TableCell key={cell}>
          <span
            className="block h-3.5 animate-pulse rounded bg-slate-100"
            style={{ width: `${width + ((index * 7) % 20)}%` }}
          />
        </TableCell>
      ))}
    </TableRow>
  ));

/** Spec §2 Estimates (/estimates): every estimate the user may see, and 'Create Estimate' for staff. */
export const EstimatesRoute = () => {
  const { isSuperuser } = useSession();
  const sort = useUrlOrdering(ESTIMATE_ORDERING_FIELDS);
  const estimates = useSortedEstimates(sort.ordering);
  // A client sees what each estimate asks her to sign for: the latest version's price.
  const versions = useLatestVersions(!isSuperuser);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState({ open: false, session: 0 });
  const openDialog = () => setDialog((state) => ({ open: true, session: state.session + 1 }));

  const createButton = isSuperuser && (
    <Button onClick={openDialog}>
      <Plus aria-hidden />
      Create Estimate
    </Button>
  );

  let body;
  if (estimates.isError) {
    body = (
      <LoadError
        what="the estimates"
        error={estimates.error}
        onRetry={() => void estimates.refetch()}
        retrying={estimates.isFetching}
      />
    );
  } else if (estimates.data?.length === 0) {
    body = (
      <EmptyState
        icon={<FileText aria-hidden />}
        title="No estimates yet"
        className="py-16"
        action={createButton || undefined}
      >
        {isSuperuser
          ? 'Create an estimate for a project, then add its sections and items.'
          : 'Estimates the studio shares with you will appear here.'}
      </EmptyState>
    );
  } else {
    body = (
      <Table
        aria-label="Estimates"
        aria-busy={estimates.isPending || estimates.isPlaceholderData || undefined}
      >
        <TableHead className="max-md:hidden">
          <tr>
            <TableHeaderCell className="w-2/5">Name</TableHeaderCell>
            <TableHeaderCell>Client</TableHeaderCell>
            <SortHeader field="project" label="Project" sort={sort} />
            {isSuperuser ? (
              <SortHeader field="total" label="Total hours" sort={sort} className="text-right" />
            ) : (
              <TableHeaderCell className="text-right">Price</TableHeaderCell>
            )}
            <SortHeader field="status" label="Status" sort={sort} />
          </tr>
        </TableHead>
        <TableBody>
          {estimates.data ? (
            estimates.data.map((estimate) => (
              <EstimateRow
                key={estimate.id}
                estimate={estimate}
                isSuperuser={isSuperuser}
                version={versions.data?.get(estimate.id)}
              />
            ))
          ) : (
            <SkeletonRows />
          )}
        </TableBody>
      </Table>
    );
  }

  return (
    <Page title="Estimates" actions={createButton}>
      <Card className="overflow-hidden">{body}</Card>
      {dialog.session > 0 && (
        <CreateEstimateDialog
          key={dialog.session}
          open={dialog.open}
          onOpenChange={(open) => setDialog((state) => ({ ...state, open }))}
          onCreated={(estimate) => {
            setDialog((state) => ({ ...state, open: false }));
            void navigate(`/estimates/${estimate.id}`);
          }}
        />
      )}
    </Page>
  );
};
