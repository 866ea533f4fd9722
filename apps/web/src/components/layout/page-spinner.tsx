import { Spinner } from '../ui/spinner';

/** Fills the content area while a screen or the session is loading. */
export const PageSpinner = ({ label = 'Loading' }: { label?: string }) => (
  <div className="flex min-h-[50dvh] flex-1 items-center justify-center p-8">
    <Spinner size="lg" label={label} />
  </div>
);
