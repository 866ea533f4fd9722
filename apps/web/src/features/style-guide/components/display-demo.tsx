import { Plus } from 'lucide-react';
import { Badge, type BadgeColor } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { Example, Showcase, ShowcaseGrid } from './showcase';

const statuses: { label: string; color: BadgeColor }[] = [
  { label: 'Draft', color: 'grey' },
  { label: 'Contacted', color: 'blue' },
  { label: 'Pending', color: 'yellow' },
  { label: 'Follow up', color: 'orange' },
  { label: 'Proposal', color: 'violet' },
  { label: 'Won', color: 'green' },
  { label: 'Lost', color: 'red' },
];

const rows = [
  { name: 'Website redesign', client: 'Acme Corp', status: statuses[5], hours: '120.00' },
  { name: 'Mobile app', client: 'Globex', status: statuses[4], hours: '340.50' },
  { name: 'Brand refresh', client: 'Initech', status: statuses[0], hours: '48.00' },
];

const columns: DataColumn<(typeof rows)[number]>[] = [
  { header: 'Name', cellClassName: 'font-medium text-slate-900', cell: (row) => row.name },
  { header: 'Client', cell: (row) => row.client },
  {
    header: 'Status',
    cell: (row) => row.status && <Badge color={row.status.color}>{row.status.label}</Badge>,
  },
  {
    header: 'Hours',
    headerClassName: 'text-right',
    cellClassName: 'text-right tabular-nums',
    cell: (row) => row.hours,
  },
];

export const DisplayDemo = () => (
  <div className="flex flex-col gap-6">
    <ShowcaseGrid>
      <Showcase title="Badges" description="Statuses and labels, one colour per meaning.">
        <Example label="Colours">
          {statuses.map((status) => (
            <Badge key={status.label} color={status.color}>
              {status.label}
            </Badge>
          ))}
        </Example>
      </Showcase>
      <Showcase
        title="Spinner"
        description="Shown while something loads; its label is what screen readers announce."
      >
        <Example label="Sizes and label">
          <Spinner size="sm" />
          <Spinner />
          <Spinner size="lg" />
          <Spinner label="Loading estimates…" />
        </Example>
      </Showcase>
    </ShowcaseGrid>
    <Card>
      <CardHeader
        title="Estimates"
        description="A card with a header, actions and a table."
        actions={
          <Button size="sm">
            <Plus aria-hidden />
            New estimate
          </Button>
        }
      />
      <DataTable columns={columns} rows={rows} rowKey={(row) => row.name} />
    </Card>
    <Card>
      <CardHeader title="Empty table" />
      <DataTable
        columns={[
          { header: 'Name', cell: () => null },
          { header: 'Email', cell: () => null },
        ]}
        rows={[]}
        rowKey={() => 0}
        empty="No leads yet."
      />
      <CardBody className="border-t border-slate-200 text-sm text-slate-500">
        Card body text sits here.
      </CardBody>
    </Card>
  </div>
);
