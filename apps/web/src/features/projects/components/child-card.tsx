import type { UseQueryResult } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { SectionQuery } from './query-states';
import { EmptyState } from './states';

export type ChildCardProps<T> = {
  /** The card's heading, e.g. 'Notes'; in lower case it names the list while it loads. */
  title: string;
  description?: ReactNode;
  query: UseQueryResult<readonly T[]>;
  canEdit: boolean;
  /** The Add button ('Add Note'), shown to those who may edit. */
  add: { label: string; onClick(): void };
  /** The empty list: its icon, its title, and for editors a hint of what to add. */
  empty: { icon: ComponentProps<typeof EmptyState>['icon']; title: string; hint: string };
  /** The list, when there is one. */
  children(list: readonly T[]): ReactNode;
  /** The drawer or dialogs the card opens. */
  dialogs?: ReactNode;
};

/**
 * A card on the project page listing one kind of the project's children (milestones, notes,
 * phases): the heading and the Add button, loading and failure, the empty state, the list.
 */
export const ChildCard = <T,>({
  title,
  description,
  query,
  canEdit,
  add,
  empty,
  children,
  dialogs,
}: ChildCardProps<T>) => {
  const what = title.toLowerCase();
  const headingId = `${what}-title`;
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        title={<span id={headingId}>{title}</span>}
        description={description}
        actions={
          canEdit && (
            <Button variant="secondary" size="sm" onClick={add.onClick}>
              <Plus aria-hidden />
              {add.label}
            </Button>
          )
        }
      />
      <SectionQuery query={query} what={what}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState icon={empty.icon} title={empty.title}>
              {canEdit ? empty.hint : undefined}
            </EmptyState>
          ) : (
            children(list)
          )
        }
      </SectionQuery>
      {dialogs}
    </Card>
  );
};
