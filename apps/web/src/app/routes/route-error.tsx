import { CircleAlert } from 'lucide-react';
import { useRouteError } from 'react-router';
import { PlainButton } from '../../components/ui/plain-button';

/** Shown when a screen crashes or its code cannot be loaded (e.g. after a deploy). */
export const RouteError = () => {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="flex min-h-[60dvh] flex-1 items-center justify-center px-4 py-16">
      <div className="max-w-md text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
          <CircleAlert aria-hidden className="size-7" />
        </span>
        <h1 className="mt-6 text-2xl font-semibold tracking-tight text-slate-900">
          Something went wrong
        </h1>
        <p className="mt-2 text-sm text-slate-500">
          This page could not be shown. Reloading usually helps.
        </p>
        <div className="mt-6 flex justify-center gap-2">
          <PlainButton onClick={() => window.location.reload()}>Reload</PlainButton>
          <PlainButton variant="secondary" onClick={() => window.location.assign('/')}>
            Go home
          </PlainButton>
        </div>
      </div>
    </div>
  );
};
