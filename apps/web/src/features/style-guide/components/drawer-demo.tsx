import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Drawer } from '../../../components/ui/drawer';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { DemoForm, DemoFormFooter } from './demo-form';
import { Example, Showcase } from './showcase';

/** Staged like the dialog demo on purpose: the guide shows each frame the same way. */
export const DrawerDemo = () => {
  const [open, setOpen] = useState(false);
  return (
    <Showcase
      title="Drawer"
      description="A panel sliding in from the right for create and edit forms. It is modal: focus is trapped, Escape or the backdrop closes it."
    >
      <Example label="Edit form">
        <Button onClick={() => setOpen(true)}>Edit lead</Button>
      </Example>
      <Drawer
        open={open}
        onOpenChange={setOpen}
        title="Edit lead"
        description="Changes are saved for everyone on the team."
        footer={<DemoFormFooter form="sg-lead-form" onCancel={() => setOpen(false)} />}
      >
        <DemoForm
          id="sg-lead-form"
          saved="Lead saved"
          onSaved={() => setOpen(false)}
          className="flex flex-col gap-4"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" htmlFor="sg-lead-first">
              <Input id="sg-lead-first" defaultValue="Grace" />
            </Field>
            <Field label="Last name" htmlFor="sg-lead-last">
              <Input id="sg-lead-last" defaultValue="Hopper" />
            </Field>
          </div>
          <Field label="Email" htmlFor="sg-lead-email">
            <Input id="sg-lead-email" type="email" defaultValue="grace@example.com" />
          </Field>
          <Field label="Company" htmlFor="sg-lead-company">
            <Input id="sg-lead-company" defaultValue="Compiler Co." />
          </Field>
          <Field label="Notes" htmlFor="sg-lead-notes">
            <Textarea
              id="sg-lead-notes"
              defaultValue="Met at the conference; wants a quote for a mobile app."
            />
          </Field>
        </DemoForm>
      </Drawer>
    </Showcase>
  );
};
