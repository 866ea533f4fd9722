import { useState } from 'react';
import { X } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { NativeSelect } from '../../../components/ui/native-select';
import { useClients } from '../../clients/api/clients';
import { useProjects } from '../../projects/api/projects';
import { ActivityFeed } from '../components/activity-feed';
import { nextActivityParams, readActivityFilters, withSignIns } from '../lib/filters';
import { useUpdateSearchParams } from '../../../lib/use-update-search-params';

const numberOrNull = (value: string) => (value === '' ? null : Number(value));

/**
 * "Show sign-ins": the URL holds the choice, but the box follows the click at once. The URL's
 * change renders later (the router's navigation and its transition), and a box bound to it alone
 * read unticked right after a tick (two loaded CI runs); a change of the URL by Back still moves
 * it (state adjusted during render, as React recommends, not in an effect).
 */
const SignInsToggle = ({ shown, onChange }: { shown: boolean; onChange(shown: boolean): void }) => {
  const [checked, setChecked] = useState(shown);
  const [fromUrl, setFromUrl] = useState(shown);
  if (fromUrl !== shown) {
    setFromUrl(shown);
    setChecked(shown);
  }
  return (
    <label className="flex h-9 items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        className="size-4 cursor-pointer accent-brand-600"
        checked={checked}
        onChange={(event) => {
          setChecked(event.target.checked);
          onChange(event.target.checked);
        }}
      />
      Show sign-ins
    </label>
  );
};

/**
 * /activity (staff): who did what across the studio, filtered by client, project and person;
 * sign-ins one click away.
 */
export const ActivityRoute = () => {
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const filters = readActivityFilters(params);
  const clients = useClients();
  const client = clients.data?.find((c) => c.id === filters.client) ?? null;
  const projects = useProjects(client?.slug ?? null);
  const set = (key: 'client' | 'project' | 'actor', value: number | null) =>
    updateParams((current) => nextActivityParams(current, key, value));

  return (
    <Page title="Activity" width="column">
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <label className="flex w-full flex-col gap-1.5 text-sm font-medium text-slate-700 sm:w-60">
          Client
          <NativeSelect
            value={filters.client ?? ''}
            onChange={(event) => set('client', numberOrNull(event.target.value))}
          >
            <option value="">All clients</option>
            {clients.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </label>
        <label className="flex w-full flex-col gap-1.5 text-sm font-medium text-slate-700 sm:w-60">
          Project
          <NativeSelect
            value={filters.project ?? ''}
            onChange={(event) => set('project', numberOrNull(event.target.value))}
          >
            <option value="">All projects</option>
            {projects.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </NativeSelect>
        </label>
        <SignInsToggle
          shown={filters.sign_ins === true}
          onChange={(shown) => updateParams((current) => withSignIns(current, shown))}
        />
        {filters.actor !== undefined && (
          <Button variant="secondary" onClick={() => set('actor', null)}>
            <X aria-hidden />
            Everyone
          </Button>
        )}
      </div>
      <Card aria-label="Studio activity">
        <ActivityFeed
          filters={filters}
          showContext
          emptyText="Nothing matches these filters yet."
          onActor={(id) => set('actor', id)}
        />
      </Card>
    </Page>
  );
};
