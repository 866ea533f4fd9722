import { Page } from '../../../components/layout/page';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { LoadError } from '../../projects/components/states';
import { useHome } from '../api/home';
import { AttentionSection } from '../components/attention-section';
import { ProjectProgress } from '../components/project-progress';
import { SECTION_TEXTS } from '../lib/sections';
import type { Home } from '@portal/contract/home';

/** The counts at the top: one tile per section, each a link down to it. */
const Counts = ({ home }: { home: Home }) => (
  <ul aria-label="Counts" className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
    {home.sections.map((section) => (
      <li key={section.key}>
        <a
          href={`#${section.key}`}
          className="block rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm transition-colors hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <span className="block text-2xl font-semibold text-slate-900 tabular-nums">
            {section.count}
          </span>
          <span className="block text-sm text-slate-600">{SECTION_TEXTS[section.key].tile}</span>
        </a>
      </li>
    ))}
  </ul>
);

/**
 * /home (issue 19): what needs attention. Staff see new leads, versions waiting for or just
 * given a decision, finished test runs and client comments; a client user their projects'
 * progress and what waits for them.
 */
export const HomeRoute = () => {
  const home = useHome();
  return (
    <Page title="Home">
      {home.isPending ? (
        <Card className="flex justify-center py-16">
          <Spinner label="Loading your home" />
        </Card>
      ) : home.isError ? (
        <LoadError what="your home" error={home.error} onRetry={() => void home.refetch()} />
      ) : (
        <>
          <Counts home={home.data} />
          <div className="grid grid-cols-1 gap-6">
            {home.data.role === 'client' && <ProjectProgress projects={home.data.projects} />}
            <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
              {home.data.sections.map((section) => (
                <AttentionSection key={section.key} section={section} />
              ))}
            </div>
          </div>
        </>
      )}
    </Page>
  );
};
