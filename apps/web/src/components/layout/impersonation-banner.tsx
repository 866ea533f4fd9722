import { TriangleAlert } from 'lucide-react';
import { Button } from '../ui/button';

export type ImpersonationBannerProps = {
  email: string;
  onStop(): void;
  stopping?: boolean;
};

export const ImpersonationBanner = ({ email, onStop, stopping }: ImpersonationBannerProps) => (
  <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900 print:hidden">
    <TriangleAlert aria-hidden className="size-5 shrink-0 text-amber-500" />
    <p role="status" className="min-w-0 flex-1">
      You are currently impersonating <strong className="font-semibold">{email}</strong>. Please
      remember to disable impersonation when you are done.
    </p>
    <Button size="sm" variant="secondary" onClick={onStop} loading={stopping}>
      Stop
    </Button>
  </div>
);
