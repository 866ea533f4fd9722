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
import * as Y from 'yjs';
import {
  parseCanvasData,
  type Canvas,
  type CanvasData,
  type ModelNode,
  type RelationEdge,
} from '@portal/contract/canvas';
import {
  liveEdges,
  liveModels,
  readDiagram,
  writeDiagram,
  type StoredEdge,
} from '@portal/contract/canvas-live';
import type { CanvasImportResponse } from '@portal/contract/canvas-import';
import { toast } from '../../../components/ui/toast';
import { toastError } from '../../../lib/errors';
import { useFetchCanvas } from '../api/canvases';
import {
  addModel,
  areConnected,
  connect,
  deleteModels,
  nameEdges,
  removeEdges,
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
import { withInitialSizes } from '../lib/initial-size';
import { importHeadline, viewportOnto } from '../lib/sql-import';
import { CanvasUpdateContext, EditingModelsContext, type CanvasUpdate } from './canvas-update';
import { ExportDialog } from './export-dialog';
import { HistoryDialog } from './history-dialog';
import { ImportSqlDialog } from './import-sql-dialog';
import { ImportSummary } from './import-summary';
import { DotGrid } from './dot-grid';
import { EditorToolbar, LiveBar } from './editor-toolbar';
import { LabeledEdge } from './labeled-edge';
import { LeavePrompt } from './leave-prompt';
import { ModelNodeComponent } from './model-node';
import type { LiveChannel } from '../live/live-channel';
import { PresenceContext, createPresence } from '../live/presence';
import { takeRemote } from '../live/take-remote';
import { useLiveStatus } from '../live/use-live-canvas';

// Outside any component: React Flow re-creates every node and edge when these objects change.
const nodeTypes: NodeTypes = { model: ModelNodeComponent };
const edgeTypes: EdgeTypes = { labeled: LabeledEdge };
const SNAP_GRID: [number, number] = [15, 15];
const MULTI_SELECT_KEYS = ['Control', 'Meta'];
const MINIMAP_STYLE = { width: 200, height: 150 };
const EMPTY_DIAGRAM: Diagram = { nodes: [], edges: [] };

/**
 * The diagram as drawn: the shared document's (decision 0056) with React Flow's own keys on it
 * (selected, measured, ...). `remote` says the last change came from the document (someone
 * else, an undo, an import): it is not written back. Edges carry their accessible names.
 */
type State = { diagram: Diagram; remote: boolean };
type Action = { recipe: (diagram: Diagram) => Diagram; remote?: boolean };

const reducer = (state: State, { recipe, remote = false }: Action): State => {
  const changed = recipe(state.diagram);
  if (changed === state.diagram) return state;
  return { diagram: nameEdges(changed, state.diagram), remote };
};

/** What this editor writes into the shared document carries this origin (its undo tracks it). */
const LOCAL = Symbol('local');

/** Whether a key press belongs to a field being typed in (its own undo, its own keys). */
const inField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

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
  /** Throws away this editor and loads the canvas anew (after a restore). */
  onReload(): Promise<void>;
  /** The editor's connection to the shared document, its state already in. */
  live: LiveChannel;
};

/**
 * The diagram editor (spec §2, §4 "Canvas editor", §9 diagram constants). The diagram lives here
 * in one reducer; every change goes through a rule of lib/canvas-rules. Must sit inside a
 * ReactFlowProvider.
 */
export const ModelCanvas = ({ canvas, initial, onReload, live }: ModelCanvasProps) => {
  const [state, dispatch] = useReducer(reducer, live.doc, (doc) => ({
    diagram: nameEdges(readDiagram(doc)),
    remote: true,
  }));
  // Boxes in edit mode live here, not in the boxes: a box panned off screen is unmounted.
  const [editing] = useState(createEditingModels);
  useSyncExternalStore(editing.subscribe, editing.ids);
  const status = useLiveStatus(live);
  const version = status?.version ?? canvas.version;
  const [saving, setSaving] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [presence] = useState(() => createPresence(live));
  useEffect(() => () => presence.stop(), [presence]);
  // The diagram as it was when the export dialog opened; null while it is closed.
  const [exported, setExported] = useState<Diagram | null>(null);
  const [exporting, setExporting] = useState(false);
  const [renderAll, setRenderAll] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  // Whether the editor held unsaved changes when the import dialog opened (it is modal).
  const [importUnsaved, setImportUnsaved] = useState(false);
  const [imported, setImported] = useState<CanvasImportResponse | null>(null);
  const fetchCanvas = useFetchCanvas(canvas.id);
  const flow = useReactFlow<ModelNode, RelationEdge>();
  const wrapper = useRef<HTMLDivElement>(null);

  // Read by stable callbacks, which must not change with every edit.
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  }, [state]);

  // This editor's changes into the shared document, as they are drawn; the document's
  // changes (someone else's, an undo) into the drawing, a frame at a time.
  const synced = useRef(state.diagram);
  useLayoutEffect(() => {
    if (!state.remote) writeDiagram(live.doc, state.diagram, synced.current, LOCAL);
    synced.current = state.diagram;
  }, [live, state]);
  useEffect(() => {
    const models = liveModels(live.doc);
    const edges = liveEdges(live.doc);
    let changed = { models: new Set<string>(), edges: new Set<string>() };
    let frame = 0;
    const take = () => {
      frame = 0;
      const taken = changed;
      changed = { models: new Set(), edges: new Set() };
      dispatch({
        recipe: (diagram) => takeRemote(diagram, live.doc, taken),
        remote: true,
      });
    };
    const onModels = (events: Y.YEvent<Y.AbstractType<unknown>>[], transaction: Y.Transaction) => {
      if (transaction.origin === LOCAL) return;
      for (const event of events) {
        if (event.target === models && event instanceof Y.YMapEvent)
          for (const id of event.keysChanged) changed.models.add(id);
        else if (typeof event.path[0] === 'string') changed.models.add(event.path[0]);
      }
      frame ||= requestAnimationFrame(take);
    };
    const onEdges = (event: Y.YMapEvent<StoredEdge>, transaction: Y.Transaction) => {
      if (transaction.origin === LOCAL) return;
      for (const id of event.keysChanged) changed.edges.add(id);
      frame ||= requestAnimationFrame(take);
    };
    models.observeDeep(onModels);
    edges.observe(onEdges);
    return () => {
      models.unobserveDeep(onModels);
      edges.unobserve(onEdges);
      cancelAnimationFrame(frame);
    };
  }, [live]);

  // Undo and redo are this person's own: the others' changes are not undone (issue 29).
  const [undo] = useState(
    () =>
      new Y.UndoManager([liveModels(live.doc), liveEdges(live.doc)], {
        trackedOrigins: new Set([LOCAL]),
        captureTimeout: 500,
      }),
  );
  const [history, setHistory] = useState({ undo: false, redo: false });
  useEffect(() => {
    const read = () => setHistory({ undo: undo.canUndo(), redo: undo.canRedo() });
    undo.on('stack-item-added', read);
    undo.on('stack-item-popped', read);
    undo.on('stack-cleared', read);
    return () => undo.destroy();
  }, [undo]);
  // One step of undo is one thing a person did: changes less than 500 ms apart merge (typing a
  // title, a drag), but a new action starts a step of its own however soon it follows.
  useEffect(() => editing.subscribe(() => undo.stopCapturing()), [editing, undo]);
  const onUndo = useCallback(() => void undo.undo(), [undo]);
  const onRedo = useCallback(() => void undo.redo(), [undo]);

  // Sized before React Flow measures them, so that it draws only the models in view.
  const drawnNodes = useMemo(() => withInitialSizes(state.diagram.nodes), [state.diagram.nodes]);

  // The others see which models this person has selected.
  const selection = useMemo(
    () => state.diagram.nodes.flatMap((node) => (node.selected ? [node.id] : [])).join('\n'),
    [state.diagram.nodes],
  );
  useEffect(() => {
    live.select(selection === '' ? [] : selection.split('\n'));
  }, [live, selection]);

  const dirty = status?.unsaved ?? false;
  const isUnsent = useCallback(() => live.status().unsent, [live]);

  const update = useCallback<CanvasUpdate>((recipe) => dispatch({ recipe }), []);

  const onNodesChange = useCallback(
    (changes: NodeChange<ModelNode>[]) => {
      const removed = changes.flatMap((change) => (change.type === 'remove' ? [change.id] : []));
      if (removed.length > 0) undo.stopCapturing();
      const rest = changes.filter((change) => change.type !== 'remove');
      dispatch({
        recipe: (diagram) => {
          // Deleting (Backspace) goes through the rule, which also drops relations pointing there.
          let next = removed.length > 0 ? deleteModels(diagram, removed) : diagram;
          if (rest.length > 0) next = { ...next, nodes: applyNodeChanges(rest, next.nodes) };
          return next;
        },
      });
    },
    [undo],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange<RelationEdge>[]) => {
      const removed = changes.flatMap((change) => (change.type === 'remove' ? [change.id] : []));
      if (removed.length > 0) undo.stopCapturing();
      const rest = changes.filter((change) => change.type !== 'remove');
      dispatch({
        recipe: (diagram) => {
          let next = removed.length > 0 ? removeEdges(diagram, removed) : diagram;
          if (rest.length > 0) next = { ...next, edges: applyEdgeChanges(rest, next.edges) };
          return next;
        },
      });
    },
    [undo],
  );

  const onConnect = useCallback(
    ({ source, target, sourceHandle, targetHandle }: Connection) => {
      undo.stopCapturing();
      update((diagram) => connect(diagram, source, target, { sourceHandle, targetHandle }));
    },
    [undo, update],
  );

  // Shows an already joined pair as an invalid drop while dragging (spec §4: nothing is added).
  const isValidConnection = useCallback<IsValidConnection<RelationEdge>>(
    ({ source, target }) =>
      source !== target && !areConnected(latest.current.diagram, source, target),
    [],
  );

  const onAddModel = useCallback(() => {
    const viewport = flow.getViewport();
    undo.stopCapturing();
    update((diagram) => addModel(diagram, viewport));
  }, [flow, undo, update]);
  const onNodeDragStart = useCallback(() => undo.stopCapturing(), [undo]);

  /** Save: the shared document written back as a version now, with this person's view. */
  const onSave = useCallback(() => {
    if (saving) return;
    setSaving(true);
    live
      .save(flow.getViewport())
      .then(() => toast.success('Saved!'))
      .catch(toastError)
      .finally(() => setSaving(false));
  }, [flow, live, saving]);

  // Ctrl/Cmd+S saves, as in every editor, instead of saving the page.
  const onSaveRef = useRef(onSave);
  useLayoutEffect(() => {
    onSaveRef.current = onSave;
  }, [onSave]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === 's') {
        event.preventDefault();
        onSaveRef.current();
      } else if ((key === 'z' || key === 'y') && !inField(event.target)) {
        // Ctrl+Z undoes; Ctrl+Shift+Z and Ctrl+Y redo. A field keeps its own undo.
        event.preventDefault();
        if (key === 'y' || event.shiftKey) undo.redo();
        else undo.undo();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [undo]);

  const onShowExport = useCallback(() => setExported(latest.current.diagram), []);
  const onShowImport = useCallback(() => {
    setImportUnsaved(live.status().unsaved);
    setImportOpen(true);
  }, [live]);

  /**
   * The import builds on the saved canvas, so the shared document is saved first (decision
   * 0053); a 409 here reaches the import dialog, which explains it there.
   */
  const importBase = useCallback(async () => {
    const saved = await live.save(flow.getViewport());
    setImportUnsaved(false);
    return saved.version;
  }, [flow, live]);

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
      // The document brings the same in a moment; drawn now, and not written back.
      dispatch({ recipe: () => ({ nodes, edges }), remote: true });
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
    <PresenceContext.Provider value={presence}>
      <CanvasUpdateContext.Provider value={update}>
        <EditingModelsContext.Provider value={editing}>
          <div
            ref={wrapper}
            className="model-canvas relative h-full w-full"
            onPointerDownCapture={capturePanePointer}
          >
            <ReactFlow<ModelNode, RelationEdge>
              nodes={drawnNodes}
              edges={state.diagram.edges}
              nodeTypes={nodeTypes}
              edgeTypes={edgeTypes}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onConnect={onConnect}
              onNodeDragStart={onNodeDragStart}
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
              <Panel position="bottom-center">
                <LiveBar
                  canUndo={history.undo}
                  canRedo={history.redo}
                  onUndo={onUndo}
                  onRedo={onRedo}
                  connection={
                    status === null || (status.online && status.failure === null)
                      ? null
                      : (status.failure ?? 'Not connected: your changes are kept and will be sent.')
                  }
                />
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
          <LeavePrompt armed={(status?.unsent ?? false) && !reloading} isDirty={isUnsent} />
        </EditingModelsContext.Provider>
      </CanvasUpdateContext.Provider>
    </PresenceContext.Provider>
  );
};
