import { Button } from '../ui/button';

/** A part of a page whose data did not load: says which, and offers to try again. */
export const LoadFailed = ({ what, onRetry }: { what: string; onRetry(): void }) => (
  <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
    {what} could not be loaded.
    <Button variant="secondary" size="sm" onClick={onRetry}>
      Try again
    </Button>
  </div>
);
