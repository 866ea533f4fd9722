import type { ReactNode } from 'react';
import { Button } from '../ui/button';

/**
 * The footer of a drawer or dialog form: Delete on the left in update mode, Cancel and Save on
 * the right. Save submits the form by id, since the footer sits outside the scrolling body.
 * `lockedWhileSaving` disables Cancel too while a save runs, for a form that cannot be closed
 * then (the estimate's forms).
 */
export const FormActions = ({
  form,
  onCancel,
  saveDisabled,
  saving,
  saveLabel = 'Save',
  onDelete,
  deleteLabel = 'Delete',
  lockedWhileSaving = false,
}: {
  form: string;
  onCancel(): void;
  saveDisabled: boolean;
  saving: boolean;
  saveLabel?: string;
  onDelete?(): void;
  deleteLabel?: ReactNode;
  lockedWhileSaving?: boolean;
}) => (
  <>
    {onDelete && (
      <Button
        variant="ghost"
        className="mr-auto -ml-2 text-red-600 hover:bg-red-50 hover:text-red-700"
        onClick={onDelete}
        disabled={saving}
      >
        {deleteLabel}
      </Button>
    )}
    <Button variant="secondary" onClick={onCancel} disabled={lockedWhileSaving && saving}>
      Cancel
    </Button>
    <Button type="submit" form={form} disabled={saveDisabled} loading={saving}>
      {saveLabel}
    </Button>
  </>
);
