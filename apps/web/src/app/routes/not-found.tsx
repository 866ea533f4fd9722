import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { PlainButton } from '../../components/ui/plain-button';
import { usePageTitle } from '../../lib/use-page-title';

export const NotFoundRoute = () => {
  usePageTitle('Page Not Found');
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="max-w-md text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Compass aria-hidden className="size-7" />
        </span>
        <p className="mt-6 text-sm font-semibold text-brand-600">404</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">
          Page Not Found
        </h1>
        <p className="mt-2 text-sm text-slate-500">
          The page you are looking for does not exist or has been moved.
        </p>
        <PlainButton asChild className="mt-6">
          <Link to="/">Go home</Link>
        </PlainButton>
      </div>
    </div>
  );
};
