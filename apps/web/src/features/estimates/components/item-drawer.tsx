import { useId, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import type { EstimateItem, EstimateSection } from '@portal/contract/estimates';
import { DeletionMessage } from '../../../components/forms/resource-form';
import { useUnsavedChanges } from '../../../components/forms/unsaved-changes';
import { FormError } from '../../../components/layout/form-error';
import { FormActions } from '../../../components/forms/form-actions';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Drawer } from '../../../components/ui/drawer';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { applyFormErrors, toastError } from '../../../lib/errors';
import { useCreateItem, useDeleteItem, useRestoreItem, useUpdateItem } from '../api/items';
import {
  ITEM_FORM_FIELDS,
  itemFormDefaults,
  itemFormSchema,
  itemRequest,
  type ItemFormValues,
} from '../lib/forms';
import { formatRange } from '../lib/hours';
import { countGoesToo } from '../../../lib/goes-too';
import { ItemComments } from './item-comments';

export type ItemDrawerProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  estimateId: number;
  section: EstimateSection;
  /** The item to show (and, for staff, update), or null to create one in `section`. */
  item: EstimateItem | null;
  canEdit: boolean;
};

type ItemFieldsProps = {
  formId: string;
  register: UseFormRegister<ItemFormValues>;
  errors: FieldErrors<ItemFormValues>;
};

/** The item form's controls (staff): description, low and high hours, notes and questions. */
const ItemFields = ({ formId, register, errors }: ItemFieldsProps) => {
  const id = (name: keyof ItemFormValues) => `${formId}-${name}`;
  const hours = (name: 'hours_low' | 'hours_high', label: string) => (
    <Field label={label} htmlFor={id(name)} error={errors[name]?.message}>
      <Input
        id={id(name)}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        className="tabular-nums"
        invalid={Boolean(errors[name])}
        aria-required
        {...register(name)}
      />
    </Field>
  );
  const text = (name: 'notes' | 'questions', label: string) => (
    <Field label={label} htmlFor={id(name)} error={errors[name]?.message}>
      <Textarea id={id(name)} rows={3} invalid={Boolean(errors[name])} {...register(name)} />
    </Field>
  );
  return (
    <>
      <Field label="Description" htmlFor={id('description')} error={errors.description?.message}>
        <Textarea
          id={id('description')}
          rows={2}
          className="min-h-0"
          invalid={Boolean(errors.description)}
          aria-required
          {...register('description')}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        {hours('hours_low', 'Hours (low)')}
        {hours('hours_high', 'Hours (high)')}
      </div>
      {text('notes', 'Notes')}
      {text('questions', 'Questions')}
    </>
  );
};

const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="flex flex-col gap-1">
    <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
    <dd className="leading-relaxed break-words whitespace-pre-line text-slate-800">{children}</dd>
  </div>
);

/** What a client sees of an item: everything, read only. */
const ItemDetails = ({ item }: { item: EstimateItem }) => (
  <dl className="flex flex-col gap-4">
    <Detail label="Description">{item.description}</Detail>
    <Detail label="Hours">
      <span className="tabular-nums">
        {formatRange({ low: item.hours_low, high: item.hours_high })}
      </span>
    </Detail>
    {item.notes && <Detail label="Notes">{item.notes}</Detail>}
    {item.questions && <Detail label="Questions">{item.questions}</Detail>}
  </dl>
);

/**
 * The item drawer (spec §2): the item's comments for everyone who sees the estimate and, for
 * staff, the item form with Delete. Also the Create Item form. It closes after a create or an
 * update (spec §4). Mount it afresh for each opening. Not a <ResourceForm>, like the section
 * dialog: it validates once touched, stays open while saving and holds the comments too.
 */
export const ItemDrawer = ({
  open,
  onOpenChange,
  estimateId,
  section,
  item,
  canEdit,
}: ItemDrawerProps) => {
  const formId = useId();
  const create = useCreateItem(estimateId);
  const update = useUpdateItem(estimateId);
  const remove = useDeleteItem(estimateId);
  const restoreItem = useRestoreItem(estimateId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isDirty },
  } = useForm<ItemFormValues>({
    resolver: zodResolver(itemFormSchema),
    defaultValues: itemFormDefaults(item),
    mode: 'onTouched',
  });
  const saving = create.isPending || update.isPending;
  // Closing or navigating away with unsaved edits asks first (decision 0027).
  const unsaved = useUnsavedChanges({ open, dirty: isDirty && !saving, onOpenChange });

  const onSubmit = handleSubmit((values) => {
    const body = itemRequest(values);
    const handlers = {
      onSuccess: () => {
        unsaved.release();
        toast.success(item ? 'Item updated' : 'Item created');
        onOpenChange(false);
      },
      // Spec §5: the server's errors on hours_low and hours_high show on those fields.
      onError: (error: unknown) => applyFormErrors(error, setError, ITEM_FORM_FIELDS),
    };
    if (item) update.mutate({ id: item.id, body }, handlers);
    else create.mutate({ ...body, section: section.id }, handlers);
  });

  const onConfirmDelete = () => {
    if (!item) return;
    remove.mutate(item.id, {
      onSuccess: () => {
        // A delete throws the edits away on purpose: its closing does not ask.
        unsaved.release();
        setConfirmDelete(false);
        // Undo re-creates the item where it was (decision 0027); its comments cannot come back,
        // so an item with comments is deleted for good, as its confirmation says.
        if (item.comment_count > 0) toast.success('Item deleted');
        else toast.undoable('Item deleted', () => restoreItem(item));
        onOpenChange(false);
      },
      onError: (error) => {
        setConfirmDelete(false);
        toastError(error);
      },
    });
  };

  const title = !item ? 'Create Item' : canEdit ? 'Update Item' : 'Estimate Item';
  return (
    <Drawer
      open={open}
      onOpenChange={(next) => (saving && !next ? undefined : unsaved.requestClose(next))}
      title={title}
      description={`In ${section.name}`}
      className="max-w-lg"
      footer={
        canEdit ? (
          <FormActions
            form={formId}
            onCancel={() => unsaved.requestClose(false)}
            saveDisabled={!isValid}
            saving={saving}
            lockedWhileSaving
            onDelete={item ? () => setConfirmDelete(true) : undefined}
            deleteLabel={
              <>
                <Trash2 aria-hidden />
                Delete
              </>
            }
          />
        ) : undefined
      }
    >
      <div className="flex flex-col gap-6">
        {canEdit ? (
          <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <ItemFields formId={formId} register={register} errors={errors} />
            <FormError message={errors.root?.message} />
          </form>
        ) : (
          item && <ItemDetails item={item} />
        )}
        {item && (
          <div className="border-t border-slate-200 pt-5">
            <ItemComments estimateId={estimateId} itemId={item.id} />
          </div>
        )}
      </div>
      {item && (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Delete Item"
          message={
            <DeletionMessage
              message="Are you sure you want to delete this item?"
              consequence={item && countGoesToo(item.comment_count, 'comment')}
            />
          }
          confirmLabel="Delete"
          danger
          pending={remove.isPending}
          onConfirm={onConfirmDelete}
        />
      )}
      {unsaved.prompt}
    </Drawer>
  );
};
