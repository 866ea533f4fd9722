import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { DemoForm, DemoFormFooter } from './demo-form';
import { Example, Readout, Showcase, ShowcaseGrid } from './showcase';

export const DialogsDemo = () => {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [dangerOpen, setDangerOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  const [outcome, setOutcome] = useState('nothing yet');

  const deleteProject = () => {
    setPending(true);
    // Stands in for a server call, so the pending state can be seen.
    window.setTimeout(() => {
      setPending(false);
      setDangerOpen(false);
      setOutcome('deleted');
      toast.success('Project deleted');
    }, 1200);
  };

  return (
    <ShowcaseGrid>
      <Showcase
        title="Confirmation dialog"
        description="Every destructive action asks first. The confirm button turns red when the action cannot be undone."
      >
        <Example label="Default and danger">
          <Button variant="secondary" onClick={() => setConfirmOpen(true)}>
            Archive estimate
          </Button>
          <Button variant="danger" onClick={() => setDangerOpen(true)}>
            Delete project
          </Button>
        </Example>
        <Readout label="Last outcome">{outcome}</Readout>
        <ConfirmDialog
          open={confirmOpen}
          onOpenChange={(open) => {
            setConfirmOpen(open);
            if (!open) setOutcome('cancelled');
          }}
          title="Archive estimate"
          message="The estimate will be hidden from the list. You can restore it later."
          onConfirm={() => {
            setConfirmOpen(false);
            setOutcome('archived');
          }}
        />
        <ConfirmDialog
          open={dangerOpen}
          onOpenChange={(open) => {
            setDangerOpen(open);
            if (!open) setOutcome('cancelled');
          }}
          title="Delete project"
          message={
            <>
              Are you sure you want to delete{' '}
              <strong className="font-semibold text-slate-900">Website redesign</strong>? This
              cannot be undone.
            </>
          }
          confirmLabel="Delete"
          danger
          pending={pending}
          onConfirm={deleteProject}
        />
      </Showcase>
      <Showcase
        title="Dialog"
        description="A modal for a short task. Focus stays inside until it closes; Escape closes it."
      >
        <Example label="With a form">
          <Button onClick={() => setFormOpen(true)}>Rename milestone</Button>
        </Example>
        <Dialog
          open={formOpen}
          onOpenChange={setFormOpen}
          title="Rename milestone"
          description="The new name shows on the test plan and in page titles."
          footer={<DemoFormFooter form="sg-rename-form" onCancel={() => setFormOpen(false)} />}
        >
          <DemoForm
            id="sg-rename-form"
            saved="Milestone renamed"
            onSaved={() => setFormOpen(false)}
          >
            <Field label="Name" htmlFor="sg-milestone-name">
              <Input id="sg-milestone-name" defaultValue="Beta release" />
            </Field>
          </DemoForm>
        </Dialog>
      </Showcase>
    </ShowcaseGrid>
  );
};
