import { createContext, useContext } from 'react';
import type { TestFlow, TestStep } from '@portal/contract/test-plans';
import type { StepChange } from '../api/steps';

/**
 * What the flows and steps of a plan can ask for. One stable object for the whole board, handed
 * down by context, so a memoised flow or step renders again only when its own data changes.
 */
export type PlanActions = {
  renameFlow(flow: TestFlow, name: string): void;
  deleteFlow(flow: TestFlow): void;
  moveFlow(flow: TestFlow, direction: 'up' | 'down'): void;
  toggleFlow(flowId: number): void;
  /**
   * Resolves once the step exists, rejects with the call's error if it was refused. Steps are
   * created one after the other, in the order asked for.
   */
  createStep(flowId: number, description: string): Promise<unknown>;
  /** Sends only the changed field, so a teammate's edit of the other one stays. */
  updateStep(step: TestStep, body: StepChange): void;
  deleteStep(step: TestStep): void;
};

export const PlanActionsContext = createContext<PlanActions | null>(null);

export const usePlanActions = () => {
  const actions = useContext(PlanActionsContext);
  if (!actions) throw new Error('usePlanActions needs a PlanActionsContext provider');
  return actions;
};
