import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';

/** One widget on the style guide: a titled panel holding its examples. */
export const Showcase = ({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) => (
  <Card className={className}>
    <CardHeader title={title} description={description} />
    <CardBody className="flex flex-col gap-6 py-5">{children}</CardBody>
  </Card>
);

/** A labelled row of examples inside a showcase. */
export const Example = ({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) => (
  <div>
    <h3 className="mb-2.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</h3>
    <div className={cn('flex flex-wrap items-center gap-3', className)}>{children}</div>
  </div>
);

/** Shows the current value of an example's state, so the behaviour is visible. */
export const Readout = ({ label, children }: { label: string; children: ReactNode }) => (
  <p className="text-sm text-slate-500">
    {label}: <output className="font-medium text-slate-800">{children}</output>
  </p>
);

export const ShowcaseGrid = ({ children }: { children: ReactNode }) => (
  <div className="grid gap-6 lg:grid-cols-2">{children}</div>
);
