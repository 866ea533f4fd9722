import { useCallback, useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useStore, type ReactFlowState } from '@xyflow/react';
import { Plus, X } from 'lucide-react';
import {
  MODEL_FIELD_TYPES,
  MODEL_FIELD_TYPE_LABELS,
  RELATION_TYPES,
  type ModelNodeData,
} from '@portal/contract/canvas';
import { cn } from '../../../components/ui/cn';
import {
  NO_TARGET,
  addAttribute,
  addRelation,
  canAddAttribute,
  canAddRelation,
  relationTargetTitle,
  removeAttribute,
  removeRelation,
  setRelationRequired,
  setRelationTarget,
  setRelationType,
  updateAttribute,
} from '../lib/canvas-rules';
import { useCanvasUpdate } from './canvas-update';

type Choice = { id: string; title: string };

const sameChoices = (a: readonly Choice[], b: readonly Choice[]) =>
  a.length === b.length &&
  a.every((choice, i) => choice.id === b[i]?.id && choice.title === b[i]?.title);

/** Every other model, for a relation's target list; only a box in edit mode subscribes. */
const useOtherModels = (id: string) => {
  const selector = useCallback(
    (state: ReactFlowState) =>
      state.nodes.flatMap((node) =>
        node.id === id
          ? []
          : [{ id: node.id, title: typeof node.data.title === 'string' ? node.data.title : '' }],
      ),
    [id],
  );
  return useStore(selector, sameChoices);
};

const control =
  'nodrag h-7 min-w-0 rounded-md border border-slate-300 bg-white px-1.5 text-xs text-slate-900 focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500/20 focus-visible:outline-none';

const Select = ({ className, ...props }: ComponentProps<'select'>) => (
  <select className={cn(control, 'cursor-pointer pr-1', className)} {...props} />
);

const RequiredToggle = (props: Omit<ComponentProps<'input'>, 'type'>) => (
  <label className="nodrag flex shrink-0 cursor-pointer items-center gap-1 text-xs text-slate-600 select-none">
    <input type="checkbox" className="size-3.5 cursor-pointer accent-brand-600" {...props} />
    Required
  </label>
);

const RemoveButton = ({ label, onClick }: { label: string; onClick(): void }) => (
  <button
    type="button"
    aria-label={label}
    title={label}
    className="nodrag inline-flex size-6 shrink-0 cursor-pointer items-center justify-center rounded text-slate-400 hover:bg-red-50 hover:text-red-600 [&_svg]:size-3.5"
    onClick={onClick}
  >
    <X aria-hidden />
  </button>
);

const AddButton = ({
  disabled,
  blockedReason,
  onClick,
  children,
}: {
  disabled: boolean;
  blockedReason: string;
  onClick(): void;
  children: ReactNode;
}) => {
  const reasonId = useId();
  return (
    <>
      <button
        type="button"
        // aria-disabled keeps it focusable, so that the reason it is blocked is read out with it.
        aria-disabled={disabled || undefined}
        aria-describedby={disabled ? reasonId : undefined}
        // For the mouse; screen readers get the description instead.
        title={disabled ? blockedReason : undefined}
        className={cn(
          'nodrag mt-1.5 inline-flex cursor-pointer items-center gap-1 rounded-md px-1.5 py-1 text-xs font-medium text-brand-600 hover:bg-brand-50 [&_svg]:size-3.5',
          disabled && 'cursor-not-allowed opacity-50 hover:bg-transparent',
        )}
        onClick={() => {
          if (!disabled) onClick();
        }}
      >
        <Plus aria-hidden />
        {children}
      </button>
      {disabled && (
        <span id={reasonId} className="sr-only">
          {blockedReason}
        </span>
      )}
    </>
  );
};

/** Name or target, type, Required, remove: the same columns in every row of both lists. */
const row = 'grid grid-cols-[minmax(0,1fr)_6.75rem_auto_auto] items-center gap-1.5';

const legend = 'text-[11px] font-semibold tracking-wider text-slate-500 uppercase';

/**
 * Edit mode of a model box (spec §2, §5): attribute rows (name, type, Required, remove) and
 * relation rows (target, type, Required, remove), each list with its add button, blocked while
 * an attribute has no name or a relation no target. The rules do the work (lib/canvas-rules).
 */
export const ModelEditor = ({ id, data }: { id: string; data: ModelNodeData }) => {
  const update = useCanvasUpdate();
  const others = useOtherModels(id);
  // The row just added gets the focus, so adding and typing flow on.
  const [focusField, setFocusField] = useState<number | null>(null);
  const joined = new Set(data.relations.map((relation) => relation.to));

  return (
    <div className="nodrag nowheel flex cursor-default flex-col gap-3 px-3 py-2.5">
      <fieldset>
        <legend className={legend}>Attributes</legend>
        <div className="mt-1 flex flex-col gap-1.5">
          {data.fields.map((field, index) => (
            <div key={index} role="group" aria-label={`Attribute ${index + 1}`} className={row}>
              <input
                className={cn(control, 'px-2')}
                aria-label="Attribute name"
                placeholder="name"
                value={field.label}
                maxLength={255}
                autoFocus={focusField === index}
                onChange={(event) => {
                  const label = event.target.value;
                  update((d) => updateAttribute(d, id, index, { label }));
                }}
              />
              <Select
                aria-label="Attribute type"
                value={field.type}
                onChange={(event) => {
                  const type = MODEL_FIELD_TYPES.find((value) => value === event.target.value);
                  if (type) update((d) => updateAttribute(d, id, index, { type }));
                }}
              >
                {MODEL_FIELD_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {MODEL_FIELD_TYPE_LABELS[type]}
                  </option>
                ))}
              </Select>
              <RequiredToggle
                checked={field.required}
                onChange={(event) => {
                  const required = event.target.checked;
                  update((d) => updateAttribute(d, id, index, { required }));
                }}
              />
              <RemoveButton
                label={`Remove attribute ${field.label || index + 1}`}
                onClick={() => update((d) => removeAttribute(d, id, index))}
              />
            </div>
          ))}
        </div>
        <AddButton
          disabled={!canAddAttribute(data)}
          blockedReason="Name the attribute you added first"
          onClick={() => {
            setFocusField(data.fields.length);
            update((d) => addAttribute(d, id));
          }}
        >
          Add attribute
        </AddButton>
      </fieldset>

      <fieldset>
        <legend className={legend}>Relations</legend>
        <div className="mt-1 flex flex-col gap-1.5">
          {data.relations.map((relation, index) => (
            <div key={index} role="group" aria-label={`Relation ${index + 1}`} className={row}>
              <Select
                aria-label="Relation target"
                className={cn(relation.to === null && 'text-slate-500')}
                value={relation.to ?? ''}
                onChange={(event) => {
                  const target = event.target.value || null;
                  update((d) => setRelationTarget(d, id, index, target));
                }}
              >
                <option value="">{NO_TARGET}</option>
                {others.map((other) => (
                  <option
                    key={other.id}
                    value={other.id}
                    // Two models are joined once (decision 0013).
                    disabled={other.id !== relation.to && joined.has(other.id)}
                  >
                    {relationTargetTitle(other)}
                  </option>
                ))}
              </Select>
              <Select
                aria-label="Relation type"
                value={relation.type}
                onChange={(event) => {
                  const type = RELATION_TYPES.find((value) => value === event.target.value);
                  if (type) update((d) => setRelationType(d, id, index, type));
                }}
              >
                {RELATION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </Select>
              <RequiredToggle
                checked={relation.required}
                onChange={(event) => {
                  const required = event.target.checked;
                  update((d) => setRelationRequired(d, id, index, required));
                }}
              />
              <RemoveButton
                label={`Remove relation ${index + 1}`}
                onClick={() => update((d) => removeRelation(d, id, index))}
              />
            </div>
          ))}
        </div>
        <AddButton
          disabled={!canAddRelation(data) || others.length === 0}
          blockedReason={
            others.length === 0
              ? 'Add another model to relate this one to'
              : 'Choose a model for the relation you added first'
          }
          onClick={() => update((d) => addRelation(d, id))}
        >
          Add relation
        </AddButton>
      </fieldset>
    </div>
  );
};
