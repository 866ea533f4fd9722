import {
  NOTE_STATUS_LABELS,
  PROJECT_STATUS_LABELS,
  type NoteStatus,
  type ProjectStatus,
} from '@portal/contract/projects';
import { Badge, type BadgeColor } from '../../../components/ui/badge';
import { cn } from '../../../components/ui/cn';
import { titleCase } from '../lib/format';

const PROJECT_STATUS_COLORS: Record<ProjectStatus, BadgeColor> = {
  not_started: 'grey',
  in_progress: 'blue',
  on_hold: 'yellow',
  complete: 'green',
  cancelled: 'red',
};

const NOTE_STATUS_COLORS: Record<NoteStatus, BadgeColor> = {
  open: 'blue',
  on_hold: 'yellow',
  complete: 'green',
  abandoned: 'grey',
};

/** Labels are title-cased (DESIGN §3); an unexpected value still reads, in grey. */
export const projectStatusLabel = (status: string) =>
  PROJECT_STATUS_LABELS[status as ProjectStatus] ?? titleCase(status);

export const noteStatusLabel = (status: string) =>
  NOTE_STATUS_LABELS[status as NoteStatus] ?? titleCase(status);

export const ProjectStatusBadge = ({ status }: { status: string }) => (
  <Badge color={PROJECT_STATUS_COLORS[status as ProjectStatus] ?? 'grey'}>
    {projectStatusLabel(status)}
  </Badge>
);

export const NoteStatusBadge = ({ status }: { status: string }) => (
  <Badge color={NOTE_STATUS_COLORS[status as NoteStatus] ?? 'grey'}>
    {noteStatusLabel(status)}
  </Badge>
);

/** '{n}%' with a slim bar, for tables and the project's facts. */
export const Completion = ({
  value,
  className,
  barClassName,
}: {
  value: number;
  className?: string;
  barClassName?: string;
}) => {
  const clamped = Math.min(Math.max(value, 0), 100);
  return (
    <div className={cn('flex items-center gap-2.5', className)}>
      <div
        aria-hidden
        className={cn(
          'h-1.5 w-16 shrink-0 overflow-hidden rounded-full bg-slate-200',
          barClassName,
        )}
      >
        <div
          className={cn('h-full rounded-full', clamped === 100 ? 'bg-emerald-500' : 'bg-brand-600')}
          style={{ width: `${clamped}%` }}
        />
      </div>
      <span className="text-sm text-slate-700 tabular-nums">{value}%</span>
    </div>
  );
};
