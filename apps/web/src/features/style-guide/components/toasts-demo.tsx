import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { Example, Showcase } from './showcase';

export const ToastsDemo = () => (
  <Showcase
    title="Toasts"
    description="Short messages at the top of the screen. Each one disappears after 10 seconds, or at once when clicked."
  >
    <Example label="Kinds">
      <Button variant="secondary" onClick={() => toast.success('Profile updated successfully')}>
        Show success toast
      </Button>
      <Button
        variant="secondary"
        onClick={() => toast.error('Something went wrong. Please try again.')}
      >
        Show error toast
      </Button>
      <Button variant="secondary" onClick={() => toast.info('A verification email has been sent.')}>
        Show info toast
      </Button>
      <Button variant="secondary" onClick={() => toast.warning('You have unsaved changes.')}>
        Show warning toast
      </Button>
    </Example>
  </Showcase>
);
