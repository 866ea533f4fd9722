import type { ReactNode } from 'react';

export type AuthCardProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Links under the card (e.g. "Don't have an account? Sign up"). */
  footer?: ReactNode;
};

/** The centred panel every authentication screen sits in. */
export const AuthCard = ({ title, description, children, footer }: AuthCardProps) => (
  <div className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
    <div className="w-full max-w-sm">
      <div className="rounded-xl border border-slate-200 bg-white px-6 py-8 shadow-sm sm:px-8">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description && <div className="mt-1.5 text-sm text-slate-500">{description}</div>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-sm text-slate-500">{footer}</div>}
    </div>
  </div>
);
