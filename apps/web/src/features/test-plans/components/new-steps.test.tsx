import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { NewStepRows, StepDraft, useNewSteps } from './new-steps';
import { PlanActionsContext, type PlanActions } from './plan-actions';

/** A create call the test answers itself, as a slow or refusing server would. */
type Call = { description: string; resolve(): void; reject(error: unknown): void };

const setup = () => {
  const calls: Call[] = [];
  const createStep = vi.fn(
    (_flowId: number, description: string) =>
      new Promise<unknown>((resolve, reject) =>
        calls.push({ description, resolve: () => resolve(undefined), reject }),
      ),
  );
  const onClose = vi.fn();
  const actions = { createStep } as unknown as PlanActions;
  const Flow = () => {
    const newSteps = useNewSteps(7);
    return (
      <>
        <NewStepRows
          saving={newSteps.saving}
          refused={newSteps.refused}
          firstNumber={3}
          onRetry={newSteps.retry}
          onDiscard={newSteps.discard}
        />
        <StepDraft number={3 + newSteps.saving.length} onAdd={newSteps.add} onClose={onClose} />
      </>
    );
  };
  render(
    <section>
      <PlanActionsContext value={actions}>
        <Flow />
      </PlanActionsContext>
    </section>,
  );
  const draft = () => screen.getByRole('textbox', { name: 'New step description' });
  const row = (number: number) => screen.getByRole('listitem', { name: `New step ${number}` });
  return { calls, createStep, onClose, draft, row };
};

describe('new steps', () => {
  it('clears the editor at once on Enter, so what is typed while a step saves is kept', async () => {
    const { calls, createStep, draft, row } = setup();
    await userEvent.type(draft(), 'Open the app{Enter}Sign in{Enter}Check the ');
    // Both were handed over in order, and the third is still being written.
    expect(createStep.mock.calls).toEqual([
      [7, 'Open the app'],
      [7, 'Sign in'],
    ]);
    expect(draft()).toHaveValue('Check the ');
    expect(draft()).toHaveFocus();
    expect(row(3)).toHaveTextContent('Open the app');
    expect(row(4)).toHaveTextContent('Sign in');
    expect(row(3)).toHaveTextContent('Saving…');

    // Saved: the row goes (the plan's own list shows the step).
    await act(async () => calls[0]!.resolve());
    expect(screen.queryByText('Open the app')).not.toBeInTheDocument();
    expect(row(3)).toHaveTextContent('Sign in');
  });

  it('keeps a refused step with the reason, to retry or discard', async () => {
    const { calls, createStep, draft, row } = setup();
    const refused = () => screen.getByRole('listitem', { name: 'New step not saved' });
    await userEvent.type(draft(), 'Open the app{Enter}Sign in{Enter}');
    // No answer at all (spec §8: no body).
    await act(async () =>
      calls[0]!.reject(new ApiError(0, null, 'The server could not be reached')),
    );
    // Refused, it goes after those on their way, unnumbered: it will land nowhere until retried.
    expect(row(3)).toHaveTextContent('Sign in');
    expect(refused()).toHaveTextContent('Open the app');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Not saved: An unexpected error occurred. It is kept here.',
    );
    // The editor's step would land fourth, after the one on its way.
    expect(screen.getByText('4.')).toBeInTheDocument();

    // Retried, it is on its way again, after the step sent before it; focus goes to the editor.
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(createStep).toHaveBeenLastCalledWith(7, 'Open the app');
    expect(row(3)).toHaveTextContent('Sign in');
    expect(row(4)).toHaveTextContent('Open the app');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(draft()).toHaveFocus());

    await act(async () => calls[2]!.reject(new ApiError(404, { detail: 'Not found.' })));
    expect(screen.getByRole('alert')).toHaveTextContent('Not saved: Not found. It is kept here.');
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByText('Open the app')).not.toBeInTheDocument();
    expect(row(3)).toHaveTextContent('Sign in');
    await waitFor(() => expect(draft()).toHaveFocus());
  });

  it('asks before the page is left while a new step is not saved', async () => {
    const { calls, draft } = setup();
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await userEvent.type(draft(), 'Open the app{Enter}');
    expect(leave()).toBe(true);
    await act(async () => calls[0]!.resolve());
    expect(leave()).toBe(false);
  });

  it('hands the text over and closes when left', async () => {
    const { createStep, onClose, draft } = setup();
    await userEvent.type(draft(), 'Open the app');
    await act(async () => draft().blur());
    expect(createStep).toHaveBeenCalledExactlyOnceWith(7, 'Open the app');
    expect(onClose).toHaveBeenCalledExactlyOnceWith(false);
  });

  it('closes on Escape with nothing sent, asking for focus back on Add step', async () => {
    const { createStep, onClose, draft } = setup();
    await userEvent.type(draft(), 'Open{Escape}');
    expect(onClose).toHaveBeenCalledExactlyOnceWith(true);
    expect(createStep).not.toHaveBeenCalled();
  });
});
