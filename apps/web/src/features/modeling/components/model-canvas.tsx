import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  type PointerEvent,
} from 'react';
import {
  Controls,
  MiniMap,
  Panel,
  ReactFlow,
  applyEdgeChanges,
  applyNodeChanges,
  useReactFlow,
  type Connection,
  type EdgeChange,
  type EdgeTypes,
  type IsValidConnection,
  type NodeChange,
  type NodeTypes,
} from '@xyflow/react';
import { Boxes } from 'lucide-react';
import {
  parseCanvasData,
  type Canvas,
  type CanvasConflict,
  type CanvasData,
  type ModelNode,
  type RelationEdge,
} from '@portal/contract/canvas';
import type { CanvasImportResponse } from '@portal/contract/canvas-import';
import { toast } from '../../../components/ui/toast';
import { toastError } from '../../../lib/errors';
import { canvasConflict, useFetchCanvas, useUpdateCanvas } from '../api/canvases';
import {
  addModel,
  areConnected,
  connect,
  deleteModels,
  diagramContent,
  finishEditingAll,
  nameEdges,
  removeEdges,
  toCanvasData,
  type Diagram,
} from '../lib/canvas-rules';
import {
  downloadUrl,
  fileBaseName,
  findFlowViewport,
  renderDiagramImage,
  type ImageFormat,
} from '../lib/diagram-image';
import { createEditingModels } from '../lib/editing-models';
import { importHeadline, viewportOnto } from '../lib/sql-import';
import { CanvasUpdateContext, EditingModelsContext, type CanvasUpdate } from './canvas-update';
import { ExportDialog } from './export-dialog';
import { HistoryDialog } from './history-dialog';
import { ImportSqlDialog } from './import-sql-dialog';
import { ImportSummary } from './import-summary';
import { DotGrid } from './dot-grid';
import { EditorToolbar } from './editor-toolbar';
import { LabeledEdge } from './labeled-edge';
import { LeavePrompt } from './leave-prompt';
import { ModelNodeComponent } from './model-node';
import { SaveConflictDialog } from './save-conflict-dialog';

// Outside any component: React Flow re-creates every node and edge when these objects change.
const nodeTypes: NodeTypes = { model: ModelNodeComponent };
const edgeTypes: EdgeTypes = { labeled: LabeledEdge };
const SNAP_GRID: [number, number] = [15, 15];
const MULTI_SELECT_KEYS = ['Control', 'Meta'];
const MINIMAP_STYLE = { width: 200, height: 150 };
const EMPTY_DIAGRAM: Diagram = { nodes: [], edges: [] };

/**
 * `revision` counts edits, a cheap sign that the diagram *may* differ from the one last saved;
 * whether it does is a comparison of contents (`diagramContent`), made only when it matters.
 * Selecting, measuring, panning and zooming are not edits. Edges carry their accessible names.
 */
type State = { diagram: Diagram; revision: number };
type Action = { recipe: (diagram: Diagram) => Diagram; edit: boolean };

const reducer = (state: State, { recipe, edit }: Action): State => {
  const changed = recipe(state.diagram);
  if (changed === state.diagram) return state;
  const diagram = nameEdges(changed, state.diagram);
  return { diagram, revision: edit ? state.revision + 1 : state.revision };
};

/** How long the toolbar waits after the last edit before comparing contents (not every frame). */
const STATUS_DELAY = 250;

/** Node changes that alter the diagram itself, as opposed to selection and measuring. */
const isNodeEdit = (change: NodeChange<ModelNode>) =>
  change.type === 'position' || change.type === 'add' || change.type === 'replace';

/**
 * A drag that starts on the empty pane pans the view. Capturing the pointer there spares the
 * browser from hit-testing the hundreds of models and edges under every move of the pan.
 */
const capturePanePointer = (event: PointerEvent<HTMLDivElement>) => {
  const target = event.target;
  if (target instanceof Element && target.classList.contains('react-flow__pane'))
    target.setPointerCapture(event.pointerId);
};

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** Waits (a few seconds at most) until React Flow has drawn and measured every model. */
const allNodesDrawn = async (viewport: HTMLElement, count: number) => {
  for (let frame = 0; frame < 180; frame++) {
    await nextFrame();
    const drawn = viewport.querySelectorAll('.react-flow__node');
    if (
      drawn.length >= count &&
      ![...drawn].some((node) => node instanceof HTMLElement && node.style.visibility === 'hidden')
    )
      return;
  }
};

const EmptyHint = () => (
  <div className="pointer-events-none absolute inset-0 z-[5] flex items-center justify-center p-6">
    <div className="max-w-sm rounded-xl border border-dashed border-slate-300 bg-white/90 px-6 py-8 text-center shadow-sm">
      <span className="mx-auto mb-3 flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Boxes aria-hidden className="size-5" />
      </span>
      <p className="text-sm font-semibold text-slate-800">This canvas is empty</p>
      <p className="mt-1 text-sm text-slate-500">
        Add a model to start. Drag from a model&apos;s dot onto another model to relate the two.
      </p>
    </div>
  </div>
);

export type ModelCanvasProps = {
  canvas: Canvas;
  /** The stored diagram, read once: the editor owns it from then on. */
  initial: CanvasData;
  /** Throws away this editor and loads the canvas anew (after a conflict). */
  onReload(): Promise<void>;
};

/**
 * The diagram editor (spec §2, §4 "Canvas editor", §9 diagram constants). The diagram lives here
 * in one reducer; every change goes through a rule of lib/canvas-rules. Must sit inside a
 * ReactFlowProvider.
 */
export const ModelCanvas = ({ canvas, initial, onReload }: ModelCanvasProps) => {
  const [state, dispatch] = useReducer(reducer, initial, ({ nodes, edges }) => ({
    diagram: nameEdges({ nodes, edges }),
    revision: 0,
  }));
  // What was last loaded or saved: the revision then, and the content as Save stored it.
  const [saved, setSaved] = useState(() => ({ revision: 0, content: diagramContent(initial) }));
  // Boxes in edit mode live here, not in the boxes: a box panned off screen is unmounted.
  const [editing] = useState(createEditingModels);
  const editingIds = useSyncExternalStore(editing.subscribe, editing.ids);
  const [version, setVersion] = useState(canvas.version);
  const [conflict, setConflict] = useState<CanvasConflict | null>(null);
  const [conflictOpen, setConflictOpen] = useState(false);
  const [reloading, setReloading] = useState(false);
  // The diagram as it was when the export dialog opened; null while it is closed.
  const [exported, setExported] = useState<Diagram | null>(null);
  const [exporting, setExporting] = useState(false);
  const [renderAll, setRenderAll] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  // Whether the editor held unsaved changes when the import dialog opened (it is modal).
  const [importUnsaved, setImportUnsaved] = useState(false);
  const [imported, setImported] = useState<CanvasImportResponse | null>(null);
  const {
    mutate: saveCanvas,
    mutateAsync: saveCanvasNow,
    isPending: saving,
  } = useUpdateCanvas(canvas.id);
  const fetchCanvas = useFetchCanvas(canvas.id);
  const flow = useReactFlow<ModelNode, RelationEdge>();
  const wrapper = useRef<HTMLDivElement>(null);

  // Read by stable callbacks, which must not change with every edit.
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  }, [state]);

  /**
   * The diagram as Save would store it now: boxes in edit mode as done would leave them, so an
   * attribute row not named yet is neither saved nor an unsaved change (decision 0013).
   */
  const toSave = useCallback(
    () => finishEditingAll(latest.current.diagram, editing.ids()),
    [editing],
  );

  // Unsaved changes: only after an edit, and only if the content differs from the saved one —
  // an attribute added and dropped again by done, or a letter typed and deleted, is none.
  const edited = state.revision !== saved.revision;
  const isDirty = useCallback(
    () => edited && diagramContent(toSave()) !== saved.content,
    [edited, toSave, saved.content],
  );
  // The toolbar's status compares once the edits pause, not on every frame of a drag.
  const [differs, setDiffers] = useState(false);
  useEffect(() => {
    if (!edited) return;
    const timer = setTimeout(() => setDiffers(isDirty()), STATUS_DELAY);
    return () => clearTimeout(timer);
  }, [edited, isDirty, state.diagram, editingIds]);
  const dirty = edited && differs;

  const update = useCallback<CanvasUpdate>((recipe) => dispatch({ recipe, edit: true }), []);

  const onNodesChange = useCallback((changes: NodeChange<ModelNode>[]) => {
    const removed = changes.flatMap((change) => (change.type === 'remove' ? [change.id] : []));
    const rest = changes.filter((change) => change.type !== 'remove');
    dispatch({
      recipe: (diagram) => {
        // Deleting (Backspace) goes through the rule, which also drops relations pointing there.
        let next = removed.length > 0 ? deleteModels(diagram, removed) : diagram;
        if (rest.length > 0) next = { ...next, nodes: applyNodeChanges(rest, next.nodes) };
        return next;
      },
      edit: removed.length > 0 || rest.some(isNodeEdit),
    });
  }, []);

  const onEdgesChange = useCallback((changes: EdgeChange<RelationEdge>[]) => {
    const removed = changes.flatMap((change) => (change.type === 'remove' ? [change.id] : []));
    const rest = changes.filter((change) => change.type !== 'remove');
    dispatch({
      recipe: (diagram) => {
        let next = removed.length > 0 ? removeEdges(diagram, removed) : diagram;
        if (rest.length > 0) next = { ...next, edges: applyEdgeChanges(rest, next.edges) };
        return next;
      },
      edit: removed.length > 0,
    });
  }, []);

  const onConnect = useCallback(
    ({ source, target, sourceHandle, targetHandle }: Connection) =>
      update((diagram) => connect(diagram, source, target, { sourceHandle, targetHandle })),
    [update],
  );

  // Shows an already joined pair as an invalid drop while dragging (spec §4: nothing is added).
  const isValidConnection = useCallback<IsValidConnection<RelationEdge>>(
    ({ source, target }) =>
      source !== target && !areConnected(latest.current.diagram, source, target),
    [],
  );

  const onAddModel = useCallback(() => {
    const viewport = flow.getViewport();
    update((diagram) => addModel(diagram, viewport));
  }, [flow, update]);

  const runSave = useCallback(
    (baseVersion: number) => {
      const { revision } = latest.current;
      const stored = toCanvasData(toSave(), flow.getViewport());
      saveCanvas(
        { data: JSON.stringify(stored), version: baseVersion },
        {
          onSuccess: (answer) => {
            setVersion(answer.version);
            setSaved({ revision, content: diagramContent(stored) });
            setDiffers(false);
            setConflictOpen(false);
            toast.success('Saved!');
          },
          onError: (error) => {
            const found = canvasConflict(error);
            if (found) {
              setConflict(found);
              setConflictOpen(true);
            } else {
              toastError(error);
            }
          },
        },
      );
    },
    [flow, saveCanvas, toSave],
  );

  const onSave = useCallback(() => {
    if (!saving) runSave(version);
  }, [runSave, saving, version]);

  // Ctrl/Cmd+S saves, as in every editor, instead of saving the page.
  const onSaveRef = useRef(onSave);
  useLayoutEffect(() => {
    onSaveRef.current = onSave;
  }, [onSave]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        onSaveRef.current();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const onShowExport = useCallback(() => setExported(latest.current.diagram), []);
  const onShowImport = useCallback(() => {
    setImportUnsaved(isDirty());
    setImportOpen(true);
  }, [isDirty]);

  /**
   * The import builds on the saved canvas, so unsaved changes are saved first (decision 0053);
   * a 409 here reaches the import dialog, which explains it there.
   */
  const importBase = useCallback(async () => {
    if (!isDirty()) return version;
    const { revision } = latest.current;
    const stored = toCanvasData(toSave(), flow.getViewport());
    const answer = await saveCanvasNow({ data: JSON.stringify(stored), version });
    setVersion(answer.version);
    setSaved({ revision, content: diagramContent(stored) });
    setDiffers(false);
    setImportUnsaved(false);
    return answer.version;
  }, [flow, isDirty, saveCanvasNow, toSave, version]);

  /**
   * A canvas the server answered becomes the editor's diagram and version, as saved: after an
   * import (its answer) or a reload from the import dialog. Boxes in edit mode leave it.
   */
  const takeCanvas = useCallback(
    (answer: Canvas) => {
      const parsed = parseCanvasData(answer.data);
      if (!parsed.ok) throw new Error(parsed.errors.join('; '));
      for (const id of editing.ids()) editing.setEditing(id, false);
      const { nodes, edges } = parsed.data;
      dispatch({ recipe: () => ({ nodes, edges }), edit: false });
      setVersion(answer.version);
      setSaved({ revision: latest.current.revision, content: diagramContent(parsed.data) });
      setDiffers(false);
      setImportUnsaved(false);
      return parsed.data;
    },
    [editing],
  );

  const onImported = useCallback(
    (answer: CanvasImportResponse) => {
      const data = takeCanvas(answer.canvas);
      // The models just added in view, below the toolbar (the server's viewport for a canvas
      // that was empty puts them under it).
      const created = new Set(answer.created);
      const screen = wrapper.current?.getBoundingClientRect();
      const view =
        screen &&
        viewportOnto(
          data.nodes.filter((node) => created.has(node.data.title)),
          screen,
        );
      if (view) void flow.setViewport(view);
      setImported(answer);
      toast.success(importHeadline(answer));
    },
    [flow, takeCanvas],
  );

  const onImportReload = useCallback(async () => {
    takeCanvas(await fetchCanvas());
  }, [fetchCanvas, takeCanvas]);

  const onExportImage = useCallback(
    async (format: ImageFormat) => {
      const nodes = flow.getNodes();
      const viewport = findFlowViewport(wrapper.current ?? document);
      if (nodes.length === 0 || !viewport) {
        toast.info('Add a model first: there is nothing to export yet.');
        return;
      }
      setExporting(true);
      setRenderAll(true);
      try {
        await allNodesDrawn(viewport, nodes.length);
        const url = await renderDiagramImage(viewport, nodes, format);
        downloadUrl(url, `${fileBaseName(canvas.name)}.${format}`);
      } catch (error) {
        console.error('Diagram export failed', error);
        toast.error(`Could not export the diagram as ${format.toUpperCase()}.`);
      } finally {
        setRenderAll(false);
        setExporting(false);
      }
    },
    [canvas.name, flow],
  );

  const onReloadConfirmed = async () => {
    setReloading(true);
    try {
      await onReload();
    } catch (error) {
      toastError(error);
      setReloading(false);
    }
  };

  const [historyOpen, setHistoryOpen] = useState(false);
  const onShowHistory = useCallback(() => setHistoryOpen(true), []);

  const toolbar = useMemo(
    () => ({
      onAddModel,
      onSave,
      onShowImport,
      onShowExport,
      onShowHistory,
      onExportImage: (format: ImageFormat) => void onExportImage(format),
    }),
    [onAddModel, onSave, onShowImport, onShowExport, onShowHistory, onExportImage],
  );

  return (
    <CanvasUpdateContext.Provider value={update}>
      <EditingModelsContext.Provider value={editing}>
        <div
          ref={wrapper}
          className="model-canvas relative h-full w-full"
          onPointerDownCapture={capturePanePointer}
        >
          <ReactFlow<ModelNode, RelationEdge>
            nodes={state.diagram.nodes}
            edges={state.diagram.edges}
            nodeTypes={nodeTypes}
            edgeTypes={edgeTypes}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={onConnect}
            isValidConnection={isValidConnection}
            defaultViewport={initial.viewport}
            minZoom={0.5}
            maxZoom={2}
            snapToGrid={false}
            snapGrid={SNAP_GRID}
            deleteKeyCode="Backspace"
            multiSelectionKeyCode={MULTI_SELECT_KEYS}
            panActivationKeyCode="Space"
            selectionKeyCode="Shift"
            connectionRadius={20}
            // Relations are drawn by dragging; a click on the dot would start a connection that
            // the drop targets (active only during a drag) could never finish.
            connectOnClick={false}
            // No onReconnect and no reconnectRadius here: React Flow would put its reconnect
            // anchors at the fixed handles, not where our floating edges end. The relation edge
            // draws its own (RECONNECT_RADIUS in labeled-edge.tsx).
            aria-label="Diagram"
            // Measured with 300 models (bench): fewer elements to paint and hit-test while panning.
            // The image export turns it off for a moment, so that every model is drawn.
            onlyRenderVisibleElements={!renderAll}
          >
            <DotGrid gap={18} size={1.2} color="#cbd5e1" />
            <MiniMap
              style={MINIMAP_STYLE}
              pannable
              zoomable
              ariaLabel="Mini map"
              nodeColor="#c7d2fe"
              nodeStrokeColor="#6366f1"
            />
            <Controls aria-label="Zoom controls" />
            {/* Top right: new models appear at the top-left corner of the view (spec §3). */}
            <Panel position="top-right" className="flex flex-col items-end gap-2">
              <EditorToolbar
                name={canvas.name}
                clientName={canvas.client_name}
                dirty={dirty}
                saving={saving}
                exporting={exporting}
                {...toolbar}
              />
              {imported && (
                <ImportSummary
                  key={imported.canvas.version}
                  answer={imported}
                  onClose={() => setImported(null)}
                />
              )}
            </Panel>
          </ReactFlow>
          {state.diagram.nodes.length === 0 && <EmptyHint />}
        </div>
        <ExportDialog
          open={exported !== null}
          onOpenChange={(open) => {
            if (!open) setExported(null);
          }}
          diagram={exported ?? EMPTY_DIAGRAM}
          canvasName={canvas.name}
        />
        <HistoryDialog
          open={historyOpen}
          onOpenChange={setHistoryOpen}
          canvasId={canvas.id}
          currentVersion={version}
          dirty={dirty}
          onRestored={(restored, from) => {
            setHistoryOpen(false);
            toast.success(`Version ${from} restored as version ${restored.version}`);
            // The editor starts again on the restored diagram, asking nothing more.
            void onReloadConfirmed();
          }}
        />
        <ImportSqlDialog
          open={importOpen}
          onOpenChange={setImportOpen}
          canvasId={canvas.id}
          unsaved={importUnsaved}
          baseVersion={importBase}
          onImported={onImported}
          onReload={onImportReload}
        />
        <SaveConflictDialog
          open={conflictOpen}
          onOpenChange={setConflictOpen}
          detail={conflict?.detail ?? null}
          reloading={reloading}
          overwriting={saving}
          onReload={() => void onReloadConfirmed()}
          onOverwrite={() => {
            if (conflict) runSave(conflict.version);
          }}
        />
        <LeavePrompt armed={edited && !reloading} isDirty={isDirty} />
      </EditingModelsContext.Provider>
    </CanvasUpdateContext.Provider>
  );
};
