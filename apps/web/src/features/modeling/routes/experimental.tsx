import { ArrowRight, Workflow } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '../../../components/layout/page';
import { Card } from '../../../components/ui/card';

/** /experimental: the proof-of-concept tools (spec §2), staff only. */
export const ExperimentalRoute = () => (
  <Page title="Experimental" width="column">
    <p className="mb-6 max-w-2xl text-sm leading-relaxed text-slate-600">
      Proof-of-concept tools the studio is trying out. They work on real data and are kept, but they
      may change shape or be retired as we learn what is useful.
    </p>
    <ul className="grid gap-4 sm:grid-cols-2">
      <li>
        <Card className="group relative flex h-full gap-4 p-5 transition-colors hover:border-brand-300 focus-within:ring-3 focus-within:ring-brand-500/20">
          <span
            aria-hidden
            className="flex size-10 shrink-0 items-center justify-center rounded-md bg-brand-50 text-brand-700"
          >
            <Workflow className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 className="font-semibold text-slate-900">
              <Link
                to="/experimental/modeling"
                className="inline-flex items-center gap-1.5 outline-none after:absolute after:inset-0 after:rounded-lg hover:text-brand-700"
              >
                DB Modeling
                <ArrowRight
                  aria-hidden
                  className="size-4 text-slate-400 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-600"
                />
              </Link>
            </h2>
            <p className="mt-1 text-sm leading-relaxed text-slate-600">
              Draw a client&apos;s data model on a canvas: models with their attributes and the
              relations between them, exportable as PostgreSQL tables or as an image.
            </p>
          </div>
        </Card>
      </li>
    </ul>
  </Page>
);
