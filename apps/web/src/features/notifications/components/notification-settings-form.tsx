import { useState } from 'react';
import { RotateCw } from 'lucide-react';
import {
  NOTIFICATION_EMAIL_CHOICES,
  NOTIFICATION_EMAIL_LABELS,
  type NotificationEmailChoice,
} from '@portal/contract/notifications';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { useSession } from '../../../lib/auth';
import { toastError } from '../../../lib/errors';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notifications';

/** The email choice on the profile page: saved as soon as a person picks one. */
export const NotificationSettingsForm = () => {
  const { isSuperuser } = useSession();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  // The choice shows in the same event as the click: the mutation's own pending state reaches
  // React only on a later task, and until then the controlled radio would spring back.
  const [picked, setPicked] = useState<NotificationEmailChoice | null>(null);

  if (settings.isPending) return <Spinner size="sm" label="Loading notification settings" />;
  if (settings.isError)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
        Your notification settings could not be loaded.
        <Button variant="link" size="sm" onClick={() => void settings.refetch()}>
          <RotateCw aria-hidden />
          Try again
        </Button>
      </div>
    );

  const choose = (email: NotificationEmailChoice) => {
    setPicked(email);
    update.mutate(email, {
      onSuccess: () => toast.success('Notification emails saved'),
      onError: toastError,
      // Saved, the settings hold it; refused, the saved choice shows again.
      onSettled: () => setPicked(null),
    });
  };
  const current = picked ?? settings.data.email;

  return (
    <fieldset className="flex flex-col gap-3" disabled={update.isPending}>
      <legend className="mb-1 text-sm font-semibold text-slate-900">
        Email me about notifications
      </legend>
      <p className="-mt-1 mb-1 text-sm text-slate-500">
        {/* Only what this person can receive (issue 25): a client never hears of leads. */}
        {isSuperuser
          ? 'The bell at the top always shows them. Emails about new leads, decided estimates and sign-offs are sent as before, whatever you choose here.'
          : 'The bell at the top always shows them: replies and mentions, estimates sent to you and test runs to sign off. An email asking you to approve an estimate is sent as before, whatever you choose here.'}
      </p>
      {NOTIFICATION_EMAIL_CHOICES.map((choice) => (
        <label
          key={choice}
          className={cn(
            'flex cursor-pointer items-center gap-3 rounded-md border px-3.5 py-3 text-sm has-focus-visible:outline-2 has-focus-visible:outline-brand-500',
            current === choice
              ? 'border-brand-500 bg-brand-50/60'
              : 'border-slate-200 hover:bg-slate-50',
          )}
        >
          <input
            type="radio"
            name="notification-email"
            value={choice}
            checked={current === choice}
            onChange={() => choose(choice)}
            className="size-4 accent-brand-600"
          />
          <span className="text-slate-800">{NOTIFICATION_EMAIL_LABELS[choice]}</span>
        </label>
      ))}
    </fieldset>
  );
};
