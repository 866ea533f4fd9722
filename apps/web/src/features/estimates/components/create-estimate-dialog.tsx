import type { EstimateDetail } from '@portal/contract/estimates';
import { Dialog } from '../../../components/ui/dialog';
import { EstimateForm } from './estimate-form';

export type CreateEstimateDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated(estimate: EstimateDetail): void;
};

/** Spec §2: the /estimates screen's 'Create Estimate' dialog. Mount it afresh for each opening. */
export const CreateEstimateDialog = ({
  open,
  onOpenChange,
  onCreated,
}: CreateEstimateDialogProps) => (
  <EstimateForm estimate={null} open={open} onOpenChange={onOpenChange} onSaved={onCreated}>
    {({ body, footer, onOpenChange: requestOpenChange }) => (
      <Dialog
        open={open}
        onOpenChange={requestOpenChange}
        title="Create Estimate"
        description="Sections and items are added on the estimate itself."
        footer={footer}
        className="max-w-xl"
      >
        {body}
      </Dialog>
    )}
  </EstimateForm>
);
