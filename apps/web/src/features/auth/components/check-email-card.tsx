import type { ReactNode } from 'react';
import { MailCheck } from 'lucide-react';
import { AuthCard } from './auth-card';

export type CheckEmailCardProps = {
  title: string;
  /** What the person should look for in their mailbox. */
  message: string;
  footer: ReactNode;
  /** Details under the message. */
  children?: ReactNode;
};

/** What a form that sent an email (sign-up, password reset) turns into once it has. */
export const CheckEmailCard = ({ title, message, footer, children }: CheckEmailCardProps) => (
  <AuthCard title={title} footer={footer}>
    <div className="flex flex-col items-center gap-4 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <MailCheck aria-hidden className="size-6" />
      </span>
      <p role="status" className="text-sm text-slate-700">
        {message}
      </p>
      {children}
    </div>
  </AuthCard>
);
