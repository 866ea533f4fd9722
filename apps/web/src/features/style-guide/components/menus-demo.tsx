import { useState } from 'react';
import { Copy, EllipsisVertical, Pencil, SlidersHorizontal, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { Readout, Showcase, ShowcaseGrid } from './showcase';

export const MenusDemo = () => {
  const [action, setAction] = useState('none');
  return (
    <ShowcaseGrid>
      <Showcase
        title="Dropdown menu"
        description="Actions on a row or record. Arrow keys move, Enter picks, Escape closes."
      >
        <div className="flex items-center gap-3">
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="secondary" size="icon" aria-label="Estimate actions">
                <EllipsisVertical aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
              <DropdownMenuItem onSelect={() => setAction('edit')}>
                <Pencil aria-hidden />
                Edit
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setAction('duplicate')}>
                <Copy aria-hidden />
                Duplicate
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem danger onSelect={() => setAction('delete')}>
                <Trash2 aria-hidden />
                Delete
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
          <Readout label="Last action">{action}</Readout>
        </div>
      </Showcase>
      <Showcase
        title="Popover"
        description="Extra controls anchored to a button; focus moves into it and back."
      >
        <div>
          <Popover>
            <PopoverTrigger asChild>
              <Button variant="secondary">
                <SlidersHorizontal aria-hidden />
                Filters
              </Button>
            </PopoverTrigger>
            <PopoverContent className="w-72">
              <div className="flex flex-col gap-3">
                <p className="font-medium text-slate-900">Filter leads</p>
                <Field label="Company" htmlFor="sg-filter-company">
                  <Input id="sg-filter-company" placeholder="Any company" />
                </Field>
                <Field label="Created after" htmlFor="sg-filter-created">
                  <Input id="sg-filter-created" type="date" />
                </Field>
              </div>
            </PopoverContent>
          </Popover>
        </div>
      </Showcase>
    </ShowcaseGrid>
  );
};
