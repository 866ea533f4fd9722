import { CircleCheck, CircleDashed, ListChecks, Pencil } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { useProjectPhases } from '../api/phases';
import { formatDate } from '../lib/format';
import { ProjectPhaseDrawer } from './project-phase-drawer';
import { ChildCard } from './child-card';

/** The phases the project goes through; complete once dated (spec §4). */
export const PhasesCard = ({ projectId, canEdit }: { projectId: number; canEdit: boolean }) => {
  const phases = useProjectPhases(projectId);

  return (
    <ChildCard
      title="Phases"
      drawerKey="phase"
      query={phases}
      canEdit={canEdit}
      add="Add Phase"
      empty={{
        icon: ListChecks,
        title: 'No phases yet',
        hint: 'Add the phases this project goes through.',
      }}
      drawer={(frame, projectPhase) => (
        <ProjectPhaseDrawer
          {...frame}
          projectId={projectId}
          taken={phases.data ?? []}
          projectPhase={projectPhase}
        />
      )}
    >
      {(list, edit) => (
        <ol aria-label="Phases" className="px-5 py-4">
          {list.map((projectPhase, index) => {
            const completed = formatDate(projectPhase.completed);
            const last = index === list.length - 1;
            return (
              <li key={projectPhase.id} className={cn('relative flex gap-3', !last && 'pb-4')}>
                {!last && (
                  <span
                    aria-hidden
                    className={cn(
                      'absolute top-7 bottom-1 left-[11px] w-0.5 rounded-full',
                      completed ? 'bg-emerald-200' : 'bg-slate-200',
                    )}
                  />
                )}
                {completed ? (
                  <CircleCheck
                    aria-hidden
                    className="mt-0.5 size-6 shrink-0 fill-emerald-50 text-emerald-600"
                  />
                ) : (
                  <CircleDashed aria-hidden className="mt-0.5 size-6 shrink-0 text-slate-400" />
                )}
                <div className="min-w-0 flex-1 pt-0.5">
                  <p className="font-medium text-slate-900">{projectPhase.phase.phase_name}</p>
                  <p className={cn('text-xs', completed ? 'text-emerald-700' : 'text-slate-500')}>
                    {completed ? `Completed ${completed}` : 'Not completed'}
                  </p>
                </div>
                {canEdit && (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8 text-slate-400"
                    aria-label={`Edit ${projectPhase.phase.phase_name}`}
                    onClick={() => edit(projectPhase)}
                  >
                    <Pencil aria-hidden />
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </ChildCard>
  );
};
