import { ExternalLink, Link2 } from 'lucide-react';
import { PROJECT_LINK_GROUPS, type Project } from '@portal/contract/projects';
import { Card, CardHeader } from '../../../components/ui/card';
import { PROJECT_URL_LABELS } from '../lib/links';
import { EmptyState } from './states';

const hostOf = (url: string) => {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
};

/** The four link groups, each only when one of its URLs is set (spec §2). */
export const LinksCard = ({ project, canEdit }: { project: Project; canEdit: boolean }) => {
  const groups = PROJECT_LINK_GROUPS.map((group) => ({
    title: group.title,
    links: group.fields.flatMap((field) => {
      const url = project[field];
      return url ? [{ field, url, label: PROJECT_URL_LABELS[field].link }] : [];
    }),
  })).filter((group) => group.links.length > 0);

  // Members have nothing to do with an empty panel; staff learn where links come from.
  if (groups.length === 0 && !canEdit) return null;

  return (
    <Card aria-labelledby="links-title">
      <CardHeader title={<span id="links-title">Links</span>} />
      {groups.length === 0 ? (
        <EmptyState icon={Link2} title="No links yet">
          Slack, Drive, sites, designs and repositories are added with Edit.
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-5 px-5 py-4">
          {groups.map((group) => (
            <div key={group.title}>
              <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {group.title}
              </h3>
              <ul className="mt-1.5 flex flex-col">
                {group.links.map((link) => (
                  <li key={link.field}>
                    <a
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="group -mx-2 flex items-center gap-2 rounded-md px-2 py-1.5 hover:bg-slate-50"
                    >
                      <span className="font-medium text-slate-800 group-hover:text-brand-700">
                        {link.label}
                      </span>{' '}
                      <span className="min-w-0 flex-1 truncate text-xs text-slate-500">
                        {hostOf(link.url)}
                      </span>{' '}
                      <ExternalLink aria-hidden className="size-3.5 shrink-0 text-slate-400" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </Card>
  );
};
