import { PageFrame } from '../../../components/layout/page';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  ChevronLeft,
  ChevronsDownUp,
  ChevronsUpDown,
  EllipsisVertical,
  ListChecks,
  Plus,
} from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Milestone } from '@portal/contract/milestones';
import { TEST_PLAN_LIMITS, type TestFlow, type TestStep } from '@portal/contract/test-plans';
import { PageSpinner } from '../../../components/layout/page-spinner';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { toastError } from '../../../lib/errors';
import { parseId } from '../../../lib/parse-id';
import { useMediaQuery } from '../../../lib/use-media-query';
import { usePageTitle } from '../../../lib/use-page-title';
import { EmptyState, isNotFound, LoadError, NotFoundState } from '../../projects/components/states';
import { useRuns } from '../../test-runs/api/runs';
import { MilestoneRuns } from '../../test-runs/components/milestone-runs';
import { useCreateFlow, useDeleteFlow, useFlows, useRenameFlow } from '../api/flows';
import { testPlanKeys } from '../api/keys';
import { useMilestone, useMilestoneProject } from '../api/milestone';
import { usePlanMoves } from '../api/moves';
import { useCreateStep, useDeleteStep, useUpdateStep } from '../api/steps';
import { InlineEditor } from '../components/inline-editor';
import { PlanActionsContext, type PlanActions } from '../components/plan-actions';
import { PlanBoard } from '../components/plan-board';
import { TableOfContents, type TocEntry } from '../components/table-of-contents';
import { flowMoveTarget } from '../lib/plan-state';
import { flowElementId } from '../lib/dom-ids';
import { FLOW_SCROLL_DELAY_MS, PIN_SCROLL_FALLBACK_MS, PIN_SETTLE_MS } from '../lib/toc';

const WIDE = '(min-width: 1024px)';
const TOC_ID = 'test-plan-toc';

type Confirm = { kind: 'flow'; flow: TestFlow } | { kind: 'step'; step: TestStep } | null;

/** Brings a flow to the top of the page; smoothly only for a reader who is fine with motion. */
const scrollToFlow = (flowId: number, smooth = false) =>
  document.getElementById(flowElementId(flowId))?.scrollIntoView({
    behavior:
      smooth && !window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'smooth' : 'auto',
    block: 'start',
  });

const backLink =
  'mb-3 inline-flex items-center gap-1 rounded-sm text-sm text-slate-500 underline-offset-4 hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

/** Back to the milestone's project, once its name is known. */
const ProjectLink = ({ projectId }: { projectId: number }) => {
  const project = useMilestoneProject(projectId);
  if (!project.data) return <span className="mb-3 block h-5" aria-hidden />;
  return (
    <Link to={`/projects/${project.data.slug}`} className={backLink}>
      <ChevronLeft aria-hidden className="size-4" />
      {project.data.name}
    </Link>
  );
};

/** The new flow's name, at the end of the plan; Enter adds it, Escape closes. */
const FlowDraft = ({
  pending,
  onSave,
  onClose,
}: {
  pending: boolean;
  onSave(name: string): void;
  onClose(): void;
}) => (
  <div className="flex items-center gap-2 rounded-lg border border-dashed border-brand-300 bg-white px-3 py-2.5 shadow-sm">
    <InlineEditor
      initial=""
      label="New flow name"
      placeholder="Flow name, e.g. Checkout"
      maxLength={TEST_PLAN_LIMITS.flowName}
      pending={pending}
      onSave={onSave}
      onCancel={onClose}
    />
  </div>
);

/**
 * After a step is deleted, focus goes to the step now in its place (or the one before it, or
 * the flow's Add step), never to the top of the page (issue 19).
 */
const stepNeighbour = (step: TestStep) => {
  const flow = document.getElementById(flowElementId(step.test_flow));
  const edits = flow?.querySelectorAll<HTMLElement>('[data-step-edit]');
  const neighbour = edits?.[Math.min(step.order, edits.length - 1)];
  return neighbour ?? flow?.querySelector<HTMLElement>('[data-add-step]');
};

/**
 * After a flow is deleted, focus goes to the Delete button of the flow now in its place (or
 * of the one before it), or to Add flow when none is left; never to the top of the page.
 */
const flowNeighbour = (flow: TestFlow) => {
  const deletes = document.querySelectorAll<HTMLElement>('[data-flow-id] [data-flow-delete]');
  const neighbour = deletes[Math.min(flow.order, deletes.length - 1)];
  return neighbour ?? document.querySelector<HTMLElement>('[data-add-flow]');
};

const TestPlanScreen = ({ milestone }: { milestone: Milestone }) => {
  const milestoneId = milestone.id;
  const queryClient = useQueryClient();
  const flows = useFlows(milestoneId);
  const createFlow = useCreateFlow(milestoneId);
  const renameFlow = useRenameFlow(milestoneId);
  const deleteFlow = useDeleteFlow(milestoneId);
  const createStep = useCreateStep(milestoneId);
  const updateStep = useUpdateStep(milestoneId);
  const deleteStep = useDeleteStep(milestoneId);
  const { moveFlow, moveStep } = usePlanMoves(milestoneId);
  const wide = useMediaQuery(WIDE);
  const [tocOpen, setTocOpen] = useState(() => window.matchMedia(WIDE).matches);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set());
  const [addingFlow, setAddingFlow] = useState(false);
  const [createdFlowId, setCreatedFlowId] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const flowParam = parseId(searchParams.get('flow'));

  const list = flows.data;

  // Spec §2: `?flow=` names the current flow only until the reader scrolls on. Our own scroll
  // to it (a click in the table of contents, a deep link) must not count: scrolling counts once
  // the page has been still for a moment after it, by whatever means (keys, scrollbar, find).
  // The listeners that follow our own scroll are added here, with the scroll itself, not by the
  // effect below: that effect runs only after the re-render the new `?flow=` causes, and on a
  // busy machine the scroll's first steps (or all of an instant one) come before it.
  const pin = useRef<{ settled: boolean; timer: number; release?: () => void }>({
    settled: false,
    timer: 0,
  });
  const holdPin = useCallback(() => {
    const current = pin.current;
    current.release?.();
    current.settled = false;
    const settle = () => {
      current.release?.();
      current.settled = true;
    };
    const wait = (ms: number) => {
      window.clearTimeout(current.timer);
      current.timer = window.setTimeout(settle, ms);
    };
    const scrolling = () => wait(PIN_SCROLL_FALLBACK_MS);
    window.addEventListener('scroll', scrolling, { passive: true });
    window.addEventListener('scrollend', settle);
    current.release = () => {
      window.clearTimeout(current.timer);
      window.removeEventListener('scroll', scrolling);
      window.removeEventListener('scrollend', settle);
      current.release = undefined;
    };
    // Nothing to scroll (the flow is already in place): still for a moment is enough.
    wait(PIN_SETTLE_MS);
  }, []);
  useEffect(() => () => pin.current.release?.(), []);

  const selectFlow = useCallback(
    (flowId: number) => {
      holdPin();
      scrollToFlow(flowId, true);
      setSearchParams({ flow: String(flowId) }, { replace: true, preventScrollReset: true });
    },
    [setSearchParams, holdPin],
  );

  // Spec §2, §9: a deep link (`?flow=`) scrolls to its flow once the plan is there, after 100 ms.
  const deepLink = useRef(flowParam);
  // A large plan is a long first render: it runs in the background, in slices (a deferred value
  // is rendered as a transition), so the page stays responsive and shows the spinner meanwhile.
  const boardReady = useDeferredValue(list !== undefined, false);
  const loaded = boardReady && list !== undefined;
  useEffect(() => {
    const target = deepLink.current;
    if (!loaded || target === null) return;
    // Cleared in the timer, not here: StrictMode's second run of the effect (in development)
    // clears the first run's timer, and must then start its own.
    const timer = window.setTimeout(() => {
      deepLink.current = null;
      holdPin();
      scrollToFlow(target);
    }, FLOW_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [loaded, holdPin]);

  // Spec §2: scrolling with the wheel (or a finger) clears the query; the plan is being read. So
  // does any other scroll once our own scroll to the flow has come to rest.
  const hasParam = searchParams.has('flow');
  useEffect(() => {
    if (!hasParam) return;
    const clear = () =>
      setSearchParams(
        (params) => {
          params.delete('flow');
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
    // While our own (possibly smooth) scroll goes on, its steps are not the reader's (holdPin).
    const scrolled = () => {
      if (pin.current.settled) clear();
    };
    window.addEventListener('wheel', clear, { passive: true, once: true });
    window.addEventListener('touchmove', clear, { passive: true, once: true });
    window.addEventListener('scroll', scrolled, { passive: true });
    return () => {
      window.removeEventListener('wheel', clear);
      window.removeEventListener('touchmove', clear);
      window.removeEventListener('scroll', scrolled);
    };
  }, [hasParam, setSearchParams]);

  // One stable object, so that memoised flows and steps do not render again with every change.
  const { mutate: rename } = renameFlow;
  const { mutateAsync: addStep } = createStep;
  const actions = useMemo<PlanActions>(
    () => ({
      renameFlow: (flow, name) => rename({ id: flow.id, name }),
      deleteFlow: (flow) => setConfirm({ kind: 'flow', flow }),
      moveFlow: (flow, direction) => {
        const current = queryClient.getQueryData<TestFlow[]>(testPlanKeys.flows(milestoneId));
        const target = current && flowMoveTarget(current, flow.id, direction);
        if (target) moveFlow({ flowId: flow.id, ...target, direction });
      },
      toggleFlow: (flowId) =>
        setCollapsed((current) => {
          const next = new Set(current);
          if (!next.delete(flowId)) next.add(flowId);
          return next;
        }),
      // Its failure is shown on the new step's row, which keeps the text (new-steps.tsx).
      createStep: (flowId, description) =>
        addStep({ test_flow: flowId, description, type: 'VERIFY' }),
      updateStep,
      deleteStep: (step) => setConfirm({ kind: 'step', step }),
    }),
    [queryClient, milestoneId, rename, moveFlow, addStep, updateStep],
  );

  const addFlow = (name: string) =>
    createFlow.mutate(
      { name },
      {
        onSuccess: (flow) => {
          setAddingFlow(false);
          setCreatedFlowId(flow.id);
          // Spec §7: the optional callback after a create: here, bring the new flow into view.
          requestAnimationFrame(() => scrollToFlow(flow.id));
        },
        onError: toastError,
      },
    );

  const openFlowDraft = useCallback(() => {
    setAddingFlow(true);
    if (!window.matchMedia(WIDE).matches) setTocOpen(false);
  }, []);

  const onConfirm = () => {
    if (!confirm) return;
    const close = () => setConfirm(null);
    if (confirm.kind === 'flow') {
      deleteFlow.mutate(confirm.flow.id, {
        onSuccess: () => {
          close();
          toast.success(`${confirm.flow.name} was deleted`);
        },
        onError: (error) => {
          close();
          toastError(error);
        },
      });
    } else {
      const { step } = confirm;
      deleteStep.mutate(step, {
        onSettled: close,
        onError: toastError,
        // Undo re-creates the step where it was (issue 19; decision 0027).
        onSuccess: () =>
          toast.undoable('Step deleted', () =>
            createStep.mutate(
              {
                test_flow: step.test_flow,
                description: step.description,
                type: step.type,
                insert_at: step.order,
              },
              { onError: toastError },
            ),
          ),
      });
    }
  };

  const tocEntries = useMemo<TocEntry[]>(
    () =>
      (list ?? []).map((flow) => ({ id: flow.id, name: flow.name, steps: flow.test_steps.length })),
    [list],
  );

  const allCollapsed =
    list !== undefined && list.length > 0 && list.every((flow) => collapsed.has(flow.id));

  const body = (() => {
    if (flows.isPending || (!boardReady && !flows.isError))
      return (
        <div className="flex justify-center py-16">
          <Spinner label="Loading test plan" />
        </div>
      );
    if (flows.isError)
      return (
        <LoadError what="the test plan" error={flows.error} onRetry={() => void flows.refetch()} />
      );
    return (
      <div className="flex flex-col gap-4">
        {flows.data.length === 0 && !addingFlow ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white/60">
            <EmptyState icon={ListChecks} title="No flows yet">
              A flow is one path through the product, tested step by step: what to do (INTERACT) and
              what to check (VERIFY).
            </EmptyState>
          </div>
        ) : (
          <PlanBoard
            flows={flows.data}
            collapsed={collapsed}
            createdFlowId={createdFlowId}
            onMoveFlow={moveFlow}
            onMoveStep={moveStep}
          />
        )}
        {addingFlow ? (
          <FlowDraft
            pending={createFlow.isPending}
            onSave={addFlow}
            onClose={() => setAddingFlow(false)}
          />
        ) : (
          <div>
            <Button variant="secondary" data-add-flow onClick={openFlowDraft}>
              <Plus aria-hidden />
              Add flow
            </Button>
          </div>
        )}
      </div>
    );
  })();

  return (
    <PlanActionsContext value={actions}>
      <PageFrame>
        <header className="mb-6">
          <ProjectLink projectId={milestone.project} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-slate-900">
              {milestone.name} Test Plan
            </h1>
            <div className="flex items-center gap-1">
              <Button
                variant="link"
                aria-expanded={tocOpen}
                aria-controls={tocOpen ? TOC_ID : undefined}
                onClick={() => setTocOpen((open) => !open)}
                className="px-1 text-sm"
              >
                [Table of Contents]
              </Button>
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="ghost" size="icon" aria-label="Test plan options">
                    <EllipsisVertical aria-hidden />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent>
                  <DropdownMenuItem
                    disabled={!list?.length || allCollapsed}
                    onSelect={() => setCollapsed(new Set(list?.map((flow) => flow.id)))}
                  >
                    <ChevronsDownUp aria-hidden />
                    Collapse All
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    disabled={collapsed.size === 0}
                    onSelect={() => setCollapsed(new Set())}
                  >
                    <ChevronsUpDown aria-hidden />
                    Expand All
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            </div>
          </div>
        </header>
        <MilestoneRuns
          milestoneId={milestoneId}
          canStart={list?.some((flow) => flow.test_steps.length > 0) ?? false}
        />
        <div className={cn('flex flex-col gap-6', tocOpen && 'lg:flex-row lg:items-start')}>
          {tocOpen && (
            <aside
              className={cn(
                'rounded-lg border border-slate-200 bg-white py-3 shadow-sm',
                'lg:sticky lg:top-[4.5rem] lg:max-h-[calc(100dvh-6rem)] lg:w-64 lg:shrink-0 lg:overflow-y-auto',
              )}
            >
              <TableOfContents
                id={TOC_ID}
                entries={tocEntries}
                rendered={loaded}
                pinned={flowParam}
                onSelect={(flowId) => {
                  if (!wide) setTocOpen(false);
                  selectFlow(flowId);
                }}
                onAddFlow={openFlowDraft}
              />
            </aside>
          )}
          <div className="min-w-0 flex-1">{body}</div>
        </div>
        {confirm?.kind === 'flow' && (
          <ConfirmDialog
            open
            onOpenChange={(open) => !open && setConfirm(null)}
            title="Delete flow"
            message={`Are you sure you want to delete this flow? This action will result in the deletion of ${confirm.flow.test_steps.length} steps`}
            confirmLabel="Delete"
            danger
            pending={deleteFlow.isPending}
            onConfirm={onConfirm}
            focusFallback={() => flowNeighbour(confirm.flow)}
          />
        )}
        {confirm?.kind === 'step' && (
          <ConfirmDialog
            open
            onOpenChange={(open) => !open && setConfirm(null)}
            title="Delete step"
            message="Are you sure you want to delete this step?"
            confirmLabel="Delete"
            danger
            pending={deleteStep.isPending}
            onConfirm={onConfirm}
            focusFallback={() => stepNeighbour(confirm.step)}
          />
        )}
      </PageFrame>
    </PlanActionsContext>
  );
};

/** Spec §2 "Milestone test plan" (/milestones/{milestoneId}): staff and the client's members. */
export const TestPlanRoute = () => {
  const { milestoneId } = useParams();
  const id = parseId(milestoneId);
  const milestone = useMilestone(id ?? 0, id !== null);
  /*
   * The runs card sits above the plan: drawn with its runs, not with a spinner they replace, so
   * the plan never moves down under the reader (Lighthouse's layout shift; decision 0057). Asked
   * for beside the milestone, so nothing waits longer than the slower of the two.
   */
  const runs = useRuns(id ?? 0, id !== null);
  const notFound = id === null || (milestone.isError && isNotFound(milestone.error));
  // Spec §2: the milestone page title is '{milestone name} Test Plan'.
  usePageTitle(
    milestone.data
      ? `${milestone.data.name} Test Plan`
      : notFound
        ? 'Milestone not found'
        : 'Test Plan',
  );

  if (notFound)
    return (
      <Page title="Milestone not found" documentTitle="Milestone not found">
        <NotFoundState
          title="This milestone could not be found"
          message="It may have been deleted, or it belongs to a client you do not follow."
          backTo="/"
          backLabel="Go home"
        />
      </Page>
    );
  if (milestone.isError)
    return (
      <Page title="Test Plan">
        <LoadError
          what="the milestone"
          error={milestone.error}
          onRetry={() => void milestone.refetch()}
        />
      </Page>
    );
  if (!milestone.data || runs.isPending) return <PageSpinner label="Loading milestone..." />;
  return <TestPlanScreen milestone={milestone.data} />;
};
