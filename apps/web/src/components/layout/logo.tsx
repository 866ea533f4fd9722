import { Layers } from 'lucide-react';
import { Link } from 'react-router';

export const Logo = ({ name }: { name: string }) => (
  <Link
    to="/"
    className="flex items-center gap-2.5 rounded-md text-[15px] font-semibold tracking-tight text-slate-900"
  >
    <span
      aria-hidden
      className="flex size-8 items-center justify-center rounded-lg bg-brand-600 text-white shadow-sm"
    >
      <Layers className="size-[18px]" />
    </span>
    <span className="hidden sm:inline">{name}</span>
    <span className="sr-only sm:hidden">{name}</span>
  </Link>
);
