import type { Estimate, EstimateDetail } from '@portal/contract/estimates';
import { Drawer } from '../../../components/ui/drawer';
import { EstimateForm, type LockedProject } from './estimate-form';

export type EstimateDrawerProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The estimate to update, or null to create one (spec §2: create or update mode). */
  estimate: Estimate | null;
  /** Opened from a project screen: the estimate belongs to that project, which cannot change. */
  project?: LockedProject;
  onSaved?(estimate: EstimateDetail): void;
};

/**
 * The estimate create/update drawer (spec §2 Projects). It closes after a create or an update
 * (spec §4); closing it with unsaved edits asks first. Mount it afresh for each opening (a
 * `key`), so the form starts clean.
 */
export const EstimateDrawer = ({
  open,
  onOpenChange,
  estimate,
  project,
  onSaved,
}: EstimateDrawerProps) => (
  <EstimateForm
    estimate={estimate}
    lockedProject={project}
    open={open}
    onOpenChange={onOpenChange}
    onSaved={(saved) => {
      onOpenChange(false);
      onSaved?.(saved);
    }}
  >
    {({ body, footer, onOpenChange: requestOpenChange }) => (
      <Drawer
        open={open}
        onOpenChange={requestOpenChange}
        title={estimate ? 'Update Estimate' : 'Create Estimate'}
        description={
          project ? `For ${project.name}` : estimate ? `For ${estimate.project.name}` : undefined
        }
        footer={footer}
        className="max-w-lg"
      >
        {body}
      </Drawer>
    )}
  </EstimateForm>
);
