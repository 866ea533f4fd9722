import { Download, Pencil, Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Example, Showcase } from './showcase';

export const ButtonsDemo = () => (
  <div className="flex flex-col gap-6">
    <Showcase
      title="Buttons"
      description="Primary for the main action of a screen, secondary beside it, ghost for quiet actions, danger for destructive ones."
    >
      <Example label="Variants">
        <Button>Save changes</Button>
        <Button variant="secondary">Cancel</Button>
        <Button variant="ghost">Skip</Button>
        <Button variant="danger">Delete</Button>
        <Button variant="link">Learn more</Button>
      </Example>
      <Example label="Sizes">
        <Button size="sm">Small</Button>
        <Button>Medium</Button>
        <Button size="icon" aria-label="Add item">
          <Plus aria-hidden />
        </Button>
      </Example>
      <Example label="With icons">
        <Button>
          <Plus aria-hidden />
          New project
        </Button>
        <Button variant="secondary">
          <Download aria-hidden />
          Export
        </Button>
        <Button variant="ghost" size="icon" aria-label="Edit section">
          <Pencil aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Delete section"
          className="text-red-600 hover:bg-red-50 hover:text-red-700"
        >
          <Trash2 aria-hidden />
        </Button>
      </Example>
      <Example label="States">
        <Button loading>Saving</Button>
        <Button variant="secondary" loading>
          Loading
        </Button>
        <Button disabled>Disabled</Button>
        <Button variant="secondary" disabled>
          Disabled
        </Button>
      </Example>
      <Example label="As a link">
        <Button asChild variant="secondary">
          <Link to="/style-guide?tab=forms">Go to the forms tab</Link>
        </Button>
      </Example>
    </Showcase>
  </div>
);
