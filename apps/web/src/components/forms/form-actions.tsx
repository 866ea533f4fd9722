import { Button } from '../ui/button';

/**
 * The footer of a drawer or dialog form: Delete on the left in update mode, Cancel and Save on
 * the right. Save submits the form by id, since the footer sits outside the scrolling body.
 */
export const FormActions = ({
  form,
  onCancel,
  saveDisabled,
  saving,
  saveLabel = 'Save',
  onDelete,
  deleteLabel = 'Delete',
}: {
  form: string;
  onCancel(): void;
  saveDisabled: boolean;
  saving: boolean;
  saveLabel?: string;
  onDelete?(): void;
  deleteLabel?: string;
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
    <Button variant="secondary" onClick={onCancel}>
      Cancel
    </Button>
    <Button type="submit" form={form} disabled={saveDisabled} loading={saving}>
      {saveLabel}
    </Button>
  </>
);
