import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';

/** The footer of a demo dialog or drawer: Cancel closes it, Save submits the form `form`. */
export const DemoFormFooter = ({ form, onCancel }: { form: string; onCancel(): void }) => (
  <>
    <Button variant="secondary" onClick={onCancel}>
      Cancel
    </Button>
    <Button type="submit" form={form}>
      Save
    </Button>
  </>
);

/** A demo's form: saving only closes its dialog or drawer and toasts `saved`. */
export const DemoForm = ({
  id,
  saved,
  onSaved,
  className,
  children,
}: {
  id: string;
  saved: string;
  onSaved(): void;
  className?: string;
  children: ReactNode;
}) => (
  <form
    id={id}
    className={className}
    onSubmit={(event) => {
      event.preventDefault();
      onSaved();
      toast.success(saved);
    }}
  >
    {children}
  </form>
);
