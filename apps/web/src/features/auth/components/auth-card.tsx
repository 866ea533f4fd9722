import type { ReactNode } from 'react';
import { StudioMark } from '../../../components/layout/logo';
import { useStudio } from '../../../lib/studio';

export type AuthCardProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Links under the card (e.g. "Don't have an account? Sign up"). */
  footer?: ReactNode;
};

/** The centred panel every authentication screen sits in, under the studio's mark. */
export const AuthCard = ({ title, description, children, footer }: AuthCardProps) => (
  <div className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
    <div className="w-full max-w-sm">
      <StudioHeading />
      <div className="rounded-xl border border-slate-200 bg-white px-6 py-8 shadow-sm sm:px-8">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description && <div className="mt-1.5 text-sm text-slate-500">{description}</div>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-sm text-slate-500">{footer}</div>}
    </div>
  </div>
);

/** The studio's logo and name over the card: the client knows whose portal she signs in to. */
const StudioHeading = () => {
  const { name } = useStudio();
  return (
    <div className="mb-6 flex flex-col items-center gap-3 text-center">
      <StudioMark size="lg" />
      <p className="text-lg font-semibold tracking-tight text-slate-900">{name}</p>
    </div>
  );
};
