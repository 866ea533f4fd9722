import type { UseQueryResult } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import type { FormFrameProps } from '../../../components/forms/resource-form';
import { useRecordDrawer } from '../../../lib/use-drawer-param';
import { SectionQuery } from './query-states';
import { EmptyState } from './states';

export type ChildCardProps<T> = {
  /** The card's heading, e.g. 'Notes'; in lower case it names the list while it loads. */
  title: string;
  description?: ReactNode;
  query: UseQueryResult<readonly T[]>;
  canEdit: boolean;
  /** The URL parameter that opens the card's drawer (`?note=12`, `?note=new`). */
  drawerKey: string;
  /** The Add button's label ('Add Note'), shown to those who may edit; it opens the drawer empty. */
  add: string;
  /** The empty list: its icon, its title, and for editors a hint of what to add. */
  empty: { icon: ComponentProps<typeof EmptyState>['icon']; title: string; hint: string };
  /** The list, when there is one; `edit` opens the drawer on one of its records. */
  children(list: readonly T[], edit: (record: T) => void): ReactNode;
  /** The create/update drawer for editors: its frame, and the record it opened on if any. */
  drawer(frame: FormFrameProps, record: T | undefined): ReactNode;
  /** Other dialogs the card opens for editors. */
  dialogs?: ReactNode;
};

/**
 * A card on the project page listing one kind of the project's children (milestones, notes,
 * phases): the heading and the Add button, loading and failure, the empty state, the list, and
 * the drawer that adds and edits them, opened through the URL. The cards using it read alike
 * at the top: that is each one declaring its title, texts and drawer, not a copy of logic.
 */
export const ChildCard = <T extends { id: number }>({
  title,
  description,
  drawerKey,
  query,
  canEdit,
  add,
  empty,
  children,
  drawer,
  dialogs,
}: ChildCardProps<T>) => {
  const editing = useRecordDrawer(drawerKey, query.data);
  const what = title.toLowerCase();
  const headingId = `${what}-title`;
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        title={<span id={headingId}>{title}</span>}
        description={description}
        actions={
          canEdit && (
            <Button variant="secondary" size="sm" onClick={editing.openNew}>
              <Plus aria-hidden />
              {add}
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
            children(list, editing.openRecord)
          )
        }
      </SectionQuery>
      {canEdit && (
        <>
          {drawer({ open: editing.open, onOpenChange: editing.onOpenChange }, editing.record)}
          {dialogs}
        </>
      )}
    </Card>
  );
};
