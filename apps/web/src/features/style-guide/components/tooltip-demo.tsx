import { Copy, Info, Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { Example, Showcase } from './showcase';

export const TooltipDemo = () => (
  <Showcase
    title="Tooltip"
    description="Names icon-only buttons and explains terms. Opens after 700 ms; moving to the next one within 300 ms opens it at once."
  >
    <Example label="Icon buttons">
      <div className="flex items-center gap-1 rounded-lg border border-slate-200 bg-white p-1 shadow-xs">
        <Tooltip content="Edit step">
          <Button variant="ghost" size="icon" aria-label="Edit step">
            <Pencil aria-hidden />
          </Button>
        </Tooltip>
        <Tooltip content="Duplicate step">
          <Button variant="ghost" size="icon" aria-label="Duplicate step">
            <Copy aria-hidden />
          </Button>
        </Tooltip>
        <Tooltip content="Delete step">
          <Button variant="ghost" size="icon" aria-label="Delete step">
            <Trash2 aria-hidden />
          </Button>
        </Tooltip>
      </div>
    </Example>
    <Example label="Explaining a term">
      <p className="flex items-center gap-1.5 text-sm text-slate-700">
        Safety modifier
        <Tooltip content="Multiplies the estimated hours to leave room for the unknown. 1 means no margin.">
          <button
            type="button"
            aria-label="About the safety modifier"
            className="inline-flex cursor-help rounded-full text-slate-400 hover:text-slate-600"
          >
            <Info aria-hidden className="size-4" />
          </button>
        </Tooltip>
      </p>
    </Example>
    <Example label="Sides">
      {(['top', 'right', 'bottom', 'left'] as const).map((side) => (
        <Tooltip key={side} content={`On the ${side}`} side={side}>
          <Button variant="secondary" size="sm">
            {side[0]?.toUpperCase()}
            {side.slice(1)}
          </Button>
        </Tooltip>
      ))}
    </Example>
  </Showcase>
);
