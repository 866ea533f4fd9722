import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import type { Lead } from '@portal/contract/leads';
import { FormError } from '../../../components/layout/form-error';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Drawer } from '../../../components/ui/drawer';
import { useUnsavedChanges } from '../../../components/forms/unsaved-changes';
import { toast } from '../../../components/ui/toast';
import { applyFormErrors, toastError } from '../../../lib/errors';
import { useCreateLead, useDeleteLead, useUpdateLead } from '../api/leads';
import { useClock } from '../../../lib/clock';
import {
  LEAD_FORM_FIELDS,
  leadFormDefaults,
  leadFormSchemaFor,
  type LeadFormInput,
  type LeadFormOutput,
} from '../lib/lead-form';
import { LeadComments } from './lead-comments';
import { LeadMessage, LeadMetadata } from './lead-details';
import { LeadFormFields } from './lead-form-fields';
import { LeadPipeline } from './lead-pipeline';
import { DrawerSection } from './drawer-section';
import { ActivityFeed } from '../../activity/components/activity-feed';

export type LeadDrawerProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The lead to update, or null to create one. */
  lead: Lead | null;
  /** A new lead was saved: the page reloads fully (spec §4). */
  onCreated(lead: Lead): void;
  onDeleted(lead: Lead): void;
};

const FORM_ID = 'lead-form';

/**
 * Spec §2: 'Create Lead' or 'Update Lead'. For an existing lead it also shows the message, the
 * metadata and the comments. Mount it afresh for each opening (a `key`), so the form starts clean.
 */
export const LeadDrawer = ({ open, onOpenChange, lead, onCreated, onDeleted }: LeadDrawerProps) => {
  const clock = useClock();
  const create = useCreateLead();
  const update = useUpdateLead();
  const remove = useDeleteLead();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const schema = useMemo(() => leadFormSchemaFor(lead), [lead]);
  const {
    register,
    handleSubmit,
    setError,
    trigger,
    formState: { errors, isValid, isDirty },
  } = useForm<LeadFormInput, unknown, LeadFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: leadFormDefaults(lead),
    mode: 'onTouched',
  });

  // A stored lead may lack what the form requires (a website lead without a phone number, a
  // retired status): say so at once rather than leave Save disabled without a reason.
  useEffect(() => {
    if (lead) void trigger();
  }, [lead, trigger]);

  const saving = create.isPending || update.isPending || create.isSuccess;
  // Closing or navigating away with unsaved edits asks first (decision 0027); a save, a delete
  // and a merge release the guard, as their closing is meant.
  const unsaved = useUnsavedChanges({ open, dirty: isDirty && !saving, onOpenChange });
  const gone = () => {
    if (!lead) return;
    unsaved.release();
    onDeleted(lead);
  };
  const onError = (error: unknown) => applyFormErrors(error, setError, LEAD_FORM_FIELDS);

  const onSubmit = handleSubmit((values) => {
    if (lead) {
      update.mutate(
        { id: lead.id, body: values },
        {
          onSuccess: () => {
            unsaved.release();
            toast.success('Lead updated');
            onOpenChange(false);
          },
          onError,
        },
      );
    } else {
      create.mutate(values, {
        onSuccess: (created) => {
          unsaved.release();
          onCreated(created);
        },
        onError,
      });
    }
  });

  const onConfirmDelete = () => {
    if (!lead) return;
    remove.mutate(lead.id, {
      onSuccess: () => {
        setConfirmDelete(false);
        toast.success('Lead deleted');
        gone();
      },
      onError: (error) => {
        setConfirmDelete(false);
        toastError(error);
      },
    });
  };

  return (
    <Drawer
      open={open}
      onOpenChange={(next) => (saving && !next ? undefined : unsaved.requestClose(next))}
      title={lead ? 'Update Lead' : 'Create Lead'}
      description={
        lead
          ? `Created ${clock.format(lead.created_at, 'lead')}`
          : 'Website leads arrive on their own; add any other here.'
      }
      className="max-w-xl"
      footer={
        <>
          {lead && (
            <Button
              variant="ghost"
              onClick={() => setConfirmDelete(true)}
              disabled={saving}
              className="mr-auto text-red-600 hover:bg-red-50 hover:text-red-700"
            >
              <Trash2 aria-hidden />
              Delete Lead
            </Button>
          )}
          <Button variant="secondary" onClick={() => unsaved.requestClose(false)} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} disabled={!isValid} loading={saving}>
            Save
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-6">
        {lead && <LeadPipeline lead={lead} onMerged={gone} />}
        <form id={FORM_ID} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <LeadFormFields register={register} errors={errors} storedStatus={lead?.status} />
          <FormError message={errors.root?.message} />
        </form>
        {lead && (
          <>
            <LeadMessage message={lead.message} />
            <LeadMetadata metadata={lead.metadata} />
            <LeadComments leadId={lead.id} />
            <DrawerSection title="Activity">
              <div className="-mx-5">
                <ActivityFeed filters={{ lead: lead.id }} pageSize={8} />
              </div>
            </DrawerSection>
          </>
        )}
      </div>
      {lead && (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Delete lead"
          message="Are you sure you want to delete this lead?"
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
