import { useState } from 'react';
import { Flag, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { Milestone } from '@portal/contract/milestones';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DragHandle, SortableList } from '../../../components/ui/sortable-list';
import { toast } from '../../../components/ui/toast';
import { toastError } from '../../../lib/errors';
import {
  useDeleteMilestone,
  useMilestones,
  useMilestoneTestStates,
  useMoveMilestone,
} from '../api/milestones';
import { MilestoneTestStateLine } from './milestone-test-state';
import { MilestoneDialog } from './milestone-dialog';
import { ChildCard } from './child-card';

/**
 * Milestones in order, each with where its acceptance testing stands and a way to its test plan;
 * staff add, rename, delete and drag.
 */
export const MilestonesCard = ({ projectId, canEdit }: { projectId: number; canEdit: boolean }) => {
  const milestones = useMilestones(projectId);
  const testStates = useMilestoneTestStates(projectId);
  const move = useMoveMilestone(projectId);
  const remove = useDeleteMilestone(projectId);
  const [deleting, setDeleting] = useState<Milestone | null>(null);
  const count = milestones.data?.length ?? 0;

  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(`${deleting.name} was deleted`);
        setDeleting(null);
      },
      onError: (error) => {
        setDeleting(null);
        toastError(error);
      },
    });
  };

  return (
    <ChildCard
      title="Milestones"
      description={
        canEdit && count > 1 ? (
          <span className="hidden sm:inline">Drag the handles to reorder them.</span>
        ) : undefined
      }
      drawerKey="milestone"
      query={milestones}
      canEdit={canEdit}
      add="Add Milestone"
      empty={{
        icon: Flag,
        title: 'No milestones yet',
        hint: 'Milestones carry the test plans of the project.',
      }}
      drawer={(frame, milestone) => (
        <MilestoneDialog {...frame} projectId={projectId} milestone={milestone} />
      )}
      dialogs={
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => !open && setDeleting(null)}
          title="Delete milestone"
          message="Are you sure you want to delete this milestone?"
          confirmLabel="Delete"
          danger
          pending={remove.isPending}
          onConfirm={onDelete}
        />
      }
    >
      {(list, edit) => (
        <SortableList
          aria-label="Milestones"
          items={list}
          getId={(milestone) => milestone.id}
          getLabel={(milestone) => milestone.name}
          disabled={!canEdit}
          onMove={({ item, from, to }) => move.mutate({ id: item.id, from, to })}
          className="divide-y divide-slate-100 py-1"
          itemClassName={({ isDragging }) =>
            cn('bg-white', isDragging && 'rounded-md shadow-lg ring-1 ring-slate-200')
          }
          renderItem={(milestone, { index }) => (
            <div
              className={cn(
                'flex items-center gap-3 py-2.5 pr-3 sm:pr-4',
                canEdit ? 'pl-2' : 'pl-5',
              )}
            >
              <DragHandle label={`Reorder ${milestone.name}`} />
              <span
                aria-hidden
                className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-semibold text-brand-700 tabular-nums"
              >
                {index + 1}
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-4">
                <span className="flex min-w-0 flex-1 flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-3">
                  <span className="max-w-full truncate font-medium text-slate-900">
                    {milestone.name}
                  </span>
                  <MilestoneTestStateLine state={testStates.data?.get(milestone.id)} />
                </span>
                <Link
                  to={`/milestones/${milestone.id}`}
                  className="shrink-0 text-[13px] font-medium whitespace-nowrap text-brand-600 hover:text-brand-700 hover:underline"
                >
                  View Test Plan <span className="sr-only">for {milestone.name}</span>
                </Link>
              </div>
              {canEdit && (
                <div className="flex shrink-0 items-center">
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8 text-slate-400"
                    aria-label={`Rename ${milestone.name}`}
                    onClick={() => edit(milestone)}
                  >
                    <Pencil aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8 text-slate-400 hover:bg-red-50 hover:text-red-600"
                    aria-label={`Delete ${milestone.name}`}
                    onClick={() => setDeleting(milestone)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              )}
            </div>
          )}
        />
      )}
    </ChildCard>
  );
};
