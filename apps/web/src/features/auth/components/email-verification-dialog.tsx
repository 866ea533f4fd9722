import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { toastError } from '../../../lib/errors';
import { useResendVerification } from '../api/resend-verification';

export type EmailVerificationDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  email: string;
};

/** Opens when a login is refused for an unverified email (spec §2, §8). */
export const EmailVerificationDialog = ({
  open,
  onOpenChange,
  email,
}: EmailVerificationDialogProps) => {
  const resend = useResendVerification();
  const send = () =>
    resend.mutate(
      { email },
      {
        onSuccess: (answer) => {
          toast.success(answer.detail ?? 'A new verification email has been sent.');
          onOpenChange(false);
        },
        onError: toastError,
      },
    );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Email Verification Required"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={send} loading={resend.isPending}>
            Resend Verification Email
          </Button>
        </>
      }
    >
      <p>
        You need to verify your email address before you can log in. Follow the link in the email we
        sent to <strong className="font-medium text-slate-900">{email}</strong>, or ask for a new
        one.
      </p>
    </Dialog>
  );
};
