import { Building2, Plus } from 'lucide-react';
import type { Client } from '@portal/contract/clients';
import { Link } from 'react-router';
import { Page } from '../../../components/layout/page';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { NEW, useDrawerParam } from '../../../lib/use-drawer-param';
import { PageQuery } from '../../projects/components/query-states';
import { EmptyState } from '../../projects/components/states';
import { useClients } from '../api/clients';
import { ClientDrawer } from '../components/client-drawer';
import { textLink } from '../../../components/ui/text-link';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');

const columns: DataColumn<Client>[] = [
  {
    header: 'Name',
    cell: (client) => (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span
          aria-hidden
          className="flex size-8 shrink-0 items-center justify-center rounded-md bg-brand-50 text-xs font-semibold text-brand-700"
        >
          {initials(client.name)}
        </span>
        <Link to={`/clients/${client.slug}`} className={textLink}>
          {client.name}
        </Link>
        {client.is_internal && <Badge color="violet">Internal</Badge>}
      </div>
    ),
  },
  {
    header: 'Slug',
    headerClassName: 'hidden sm:table-cell',
    cellClassName: 'hidden font-mono text-xs text-slate-500 sm:table-cell',
    cell: (client) => client.slug,
  },
];

/** /clients: every client, by name, each linking to its page (staff only, spec §2). */
export const ClientsRoute = () => {
  const clients = useClients();
  const creating = useDrawerParam('client');

  return (
    <Page
      title="Clients"
      actions={
        <Button onClick={() => creating.open(NEW)}>
          <Plus aria-hidden />
          Create Client
        </Button>
      }
    >
      <PageQuery query={clients} what="clients">
        {(list) => (
          <Card className="overflow-hidden">
            <DataTable
              aria-label="Clients"
              columns={columns}
              rows={list}
              rowKey={(client) => client.id}
              emptyClassName="py-4"
              empty={
                <EmptyState
                  icon={Building2}
                  title="No clients yet"
                  action={
                    <Button variant="secondary" size="sm" onClick={() => creating.open(NEW)}>
                      <Plus aria-hidden />
                      Create Client
                    </Button>
                  }
                >
                  Clients group the studio's projects and the people who follow them.
                </EmptyState>
              }
            />
          </Card>
        )}
      </PageQuery>
      <ClientDrawer open={creating.isOpen} onOpenChange={creating.onOpenChange} />
    </Page>
  );
};
