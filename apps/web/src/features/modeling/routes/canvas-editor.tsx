import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { ReactFlowProvider } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { parseCanvasData, type Canvas } from '@portal/contract/canvas';
import { PageFrame } from '../../../components/layout/page';
import { PageSpinner } from '../../../components/layout/page-spinner';
import { parseId } from '../../../lib/parse-id';
import { usePageTitle } from '../../../lib/use-page-title';
import { LoadError, NotFoundState, isNotFound } from '../../projects/components/states';
import { useCanvas } from '../api/canvases';
import { ModelCanvas } from '../components/model-canvas';
import { useLiveCanvas, useLiveStatus } from '../live/use-live-canvas';
import '../components/canvas.css';

// The signed-in frame's top bar is 3.5rem; the diagram takes the rest of the window.
const frame = 'relative h-[calc(100dvh-3.5rem)] min-h-[28rem] w-full';

/** A stored diagram the contract cannot read: say what is wrong rather than show an empty one. */
const UnreadableCanvas = ({ errors }: { errors: string[] }) => (
  <PageFrame width="column">
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50/60 px-6 py-8 text-sm text-red-800"
    >
      <p className="font-medium">This canvas&apos;s diagram could not be read.</p>
      <ul className="mt-2 list-disc pl-5 text-red-700">
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  </PageFrame>
);

const Editor = ({ canvas, onReload }: { canvas: Canvas; onReload(): Promise<void> }) => {
  // Read once per editor session: later answers for this canvas (our own saves) must not reset it.
  const [parsed] = useState(() => parseCanvasData(canvas.data));
  // The diagram itself is the shared document's (decision 0056), there once the channel has it.
  const live = useLiveCanvas(canvas.id);
  const status = useLiveStatus(live);
  if (!parsed.ok) return <UnreadableCanvas errors={parsed.errors} />;
  if (!live || !status?.ready) {
    if (status?.failure && !status.online)
      return (
        <PageFrame width="column">
          <LoadError
            what="the canvas"
            error={new Error(status.failure)}
            onRetry={() => void onReload()}
          />
        </PageFrame>
      );
    return <PageSpinner label="Loading canvas..." />;
  }
  return (
    <div className={frame}>
      <ReactFlowProvider>
        <ModelCanvas canvas={canvas} initial={parsed.data} onReload={onReload} live={live} />
      </ReactFlowProvider>
    </div>
  );
};

const CanvasLoader = ({ id }: { id: number }) => {
  const canvas = useCanvas(id);
  // Each reload starts a new editor session (and a new React Flow store) on the fresh answer.
  const [session, setSession] = useState(0);
  // The editor opens on the answer asked for when the page opened, never on a copy cached from an
  // earlier visit: that may predate someone else's save, and every save from it would be a 409.
  // Once open it stays, whatever later refetches (a reload after a conflict) answer.
  const [opened, setOpened] = useState(false);
  if (!opened && canvas.isFetchedAfterMount && canvas.isSuccess) setOpened(true);
  const notFound = canvas.isError && isNotFound(canvas.error);
  usePageTitle(canvas.data?.name ?? (notFound ? 'Canvas not found' : 'Canvas'));

  const { refetch } = canvas;
  const reload = useCallback(async () => {
    const answer = await refetch({ throwOnError: true });
    if (answer.data) setSession((current) => current + 1);
  }, [refetch]);

  if (notFound) return <CanvasNotFound />;
  if (opened && canvas.data)
    return <Editor key={`${canvas.data.id}:${session}`} canvas={canvas.data} onReload={reload} />;
  // A failed refetch while editing is not a reason to drop the editor: only the opening load fails.
  if (canvas.isError && !canvas.isFetching)
    return (
      <PageFrame width="column">
        <LoadError what="the canvas" error={canvas.error} onRetry={() => void refetch()} />
      </PageFrame>
    );
  return <PageSpinner label="Loading canvas..." />;
};

const CanvasNotFound = () => {
  usePageTitle('Canvas not found');
  return (
    <PageFrame width="column">
      <NotFoundState
        title="Canvas not found"
        message="This canvas does not exist, or it has been deleted."
        backTo="/experimental/modeling"
        backLabel="Back to DB Modeling"
      />
    </PageFrame>
  );
};

/** /experimental/modeling/{canvasId}: the diagram editor (spec §2 Modeling), a chunk of its own. */
export const CanvasEditorRoute = () => {
  const id = parseId(useParams().canvasId);
  // The key starts afresh when another canvas is opened in the same route.
  return id === null ? <CanvasNotFound /> : <CanvasLoader key={id} id={id} />;
};
