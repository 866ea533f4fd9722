import { memo, useCallback, type ReactNode } from 'react';
import {
  Handle,
  Position,
  useConnection,
  useStore,
  type NodeProps,
  type ReactFlowState,
} from '@xyflow/react';
import { Check, Pencil, Trash2 } from 'lucide-react';
import {
  MODEL_FIELD_TYPE_LABELS,
  type ModelNodeData,
  type ModelRelation,
} from '@portal/contract/canvas';
import { cn } from '../../../components/ui/cn';
import {
  SOURCE_HANDLE,
  TARGET_HANDLE,
  deleteModels,
  finishEditing,
  isConnectTarget,
  modelTitle,
  relationTargetTitle,
  setModelTitle,
} from '../lib/canvas-rules';
import { useSelectedBy } from '../live/presence';
import { useCanvasUpdate, useEditing } from './canvas-update';
import type { ModelFlowNode } from './flow-types';
import { ModelEditor } from './model-editor';

const sameList = (a: readonly (string | null)[], b: readonly (string | null)[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * The titles of a model's relation targets, read from React Flow's store by id: the box
 * re-renders when one of *them* is renamed, not whenever any node moves.
 */
const useTargetTitles = (relations: readonly ModelRelation[]) => {
  const selector = useCallback(
    (state: ReactFlowState) =>
      relations.map((relation) => {
        if (relation.to === null) return null;
        const title = state.nodeLookup.get(relation.to)?.data.title;
        return typeof title === 'string' ? title : null;
      }),
    [relations],
  );
  return useStore(selector, sameList);
};

type Row = { name: ReactNode; kind: string; muted?: boolean };

/** One of a box's two lists in view mode: a name on the left, its type on the right. */
const DetailList = ({ title, empty, rows }: { title: string; empty: string; rows: Row[] }) => (
  <div role="group" aria-label={title}>
    <h4 className="text-[11px] font-semibold tracking-wider text-slate-500 uppercase">{title}</h4>
    {rows.length === 0 ? (
      <p className="mt-1 text-slate-400 italic">{empty}</p>
    ) : (
      <ul className="mt-1 flex flex-col gap-0.5">
        {rows.map((row, index) => (
          <li key={index} className="flex items-baseline justify-between gap-3">
            <span
              className={cn(
                'min-w-0 truncate',
                row.muted ? 'text-slate-400 italic' : 'text-slate-800',
              )}
            >
              {row.name}
            </span>
            <span className="shrink-0 font-mono text-xs text-slate-500">{row.kind}</span>
          </li>
        ))}
      </ul>
    )}
  </div>
);

/** View mode: the Attributes and Relations lists. */
const ModelDetails = memo(({ data }: { data: ModelNodeData }) => {
  const titles = useTargetTitles(data.relations);
  return (
    <div className="flex flex-col gap-3 px-3 py-2.5 text-[13px]">
      <DetailList
        title="Attributes"
        empty="No attributes"
        rows={data.fields.map((field) => ({
          name: (
            <>
              <span className="font-medium">{field.label || 'unnamed'}</span>
              {field.required && (
                <span className="text-red-500" title="Required">
                  {' '}
                  *<span className="sr-only">required</span>
                </span>
              )}
            </>
          ),
          kind: MODEL_FIELD_TYPE_LABELS[field.type],
          muted: field.label === '',
        }))}
      />
      <DetailList
        title="Relations"
        empty="No relations"
        rows={data.relations.map((relation, index) => ({
          name: relationTargetTitle(relation.to === null ? null : { title: titles[index] ?? '' }),
          kind: relation.type,
          muted: relation.to === null,
        }))}
      />
    </div>
  );
});
ModelDetails.displayName = 'ModelDetails';

const iconButton =
  'inline-flex size-7 shrink-0 cursor-pointer items-center justify-center rounded-md text-slate-500 transition-colors hover:bg-slate-200/70 hover:text-slate-900 [&_svg]:size-3.5';

/**
 * A model box (spec §2 Modeling): the header with the title and the edit and delete links, then
 * the lists, or the edit form in edit mode. The connect handle on its right starts a relation;
 * while a relation is dragged from another model, the whole box is where it can be dropped.
 */
const ModelNodeView = ({ id, data, selected }: NodeProps<ModelFlowNode>) => {
  const update = useCanvasUpdate();
  // Kept by the editor: this box unmounts when panned off screen, and must come back as it was.
  const [editing, setEditing] = useEditing(id);
  // Spec §5: the connect handle takes a drop only while a connection from elsewhere is dragged.
  const dropTarget = useConnection((connection) => isConnectTarget(connection, id));
  const title = modelTitle(data.title);
  // Someone else has it selected: outlined in their colour, their name above it.
  const selectedBy = useSelectedBy(id);

  return (
    <article
      aria-label={`Model ${title}`}
      className={cn(
        'relative rounded-lg border bg-white text-slate-900',
        editing ? 'w-[24rem]' : 'w-64',
        selected ? 'border-brand-500 ring-2 ring-brand-500/30' : 'border-slate-300',
        dropTarget && 'ring-2 ring-brand-400/60',
      )}
      style={
        selectedBy && !selected
          ? { borderColor: selectedBy.color, boxShadow: `0 0 0 2px ${selectedBy.color}` }
          : undefined
      }
    >
      {selectedBy && (
        <span
          className="absolute -top-5 left-1 rounded-t px-1.5 text-[11px] leading-5 font-medium text-white"
          style={{ backgroundColor: selectedBy.color }}
        >
          {selectedBy.name}
        </span>
      )}
      <Handle
        type="target"
        id={TARGET_HANDLE}
        position={Position.Left}
        isConnectableStart={false}
        isConnectableEnd={dropTarget}
        className="model-drop-target"
      />
      <header className="flex items-center gap-1 rounded-t-lg border-b border-slate-200 bg-slate-50 py-1.5 pr-1.5 pl-3">
        {editing ? (
          <input
            // Typing goes into the box; React Flow leaves keys in inputs alone.
            className="nodrag h-7 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm font-semibold focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500/20 focus-visible:outline-none"
            aria-label="Model title"
            placeholder="Unnamed Model"
            value={data.title}
            maxLength={255}
            autoFocus
            onChange={(event) => {
              // Read now: the update runs later, when the event may be gone or reused.
              const title = event.target.value;
              update((d) => setModelTitle(d, id, title));
            }}
          />
        ) : (
          <h3
            className={cn(
              'min-w-0 flex-1 truncate text-sm font-semibold',
              data.title.trim() === '' && 'text-slate-400 italic',
            )}
            title={title}
          >
            {title}
          </h3>
        )}
        {editing ? (
          <button
            type="button"
            className={cn(iconButton, 'nodrag w-auto gap-1 px-2 text-xs font-medium')}
            onClick={() => {
              update((d) => finishEditing(d, id));
              setEditing(false);
            }}
          >
            <Check aria-hidden />
            Done
          </button>
        ) : (
          <button
            type="button"
            className={cn(iconButton, 'nodrag')}
            aria-label={`Edit ${title}`}
            title="Edit"
            onClick={() => setEditing(true)}
          >
            <Pencil aria-hidden />
          </button>
        )}
        <button
          type="button"
          className={cn(iconButton, 'nodrag hover:bg-red-50 hover:text-red-600')}
          aria-label={`Delete ${title}`}
          title="Delete"
          onClick={() => {
            update((d) => deleteModels(d, [id]));
            setEditing(false);
          }}
        >
          <Trash2 aria-hidden />
        </button>
      </header>
      {editing ? <ModelEditor id={id} data={data} /> : <ModelDetails data={data} />}
      <Handle
        type="source"
        id={SOURCE_HANDLE}
        position={Position.Right}
        className="model-connect-handle"
        // For the pointer only, and so hidden from assistive technology (a name on a plain div
        // is prohibited ARIA): from the keyboard a relation is added in the box's edit mode.
        aria-hidden
        title="Drag to another model to relate them"
      />
    </article>
  );
};

/** Memoised: a box re-renders when its own node changes, not when another one moves. */
export const ModelNodeComponent = memo(ModelNodeView);
