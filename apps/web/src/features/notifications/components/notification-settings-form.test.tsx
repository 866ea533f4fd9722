import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { NOTIFICATION_EMAIL_LABELS } from '@portal/contract/notifications';
import { fetchCall, json, pendingFetch, testClient } from '../../../test/api-fakes';
import { NotificationSettingsForm } from './notification-settings-form';

afterEach(() => vi.unstubAllGlobals());

const radio = (choice: keyof typeof NOTIFICATION_EMAIL_LABELS) =>
  screen.getByRole('radio', { name: NOTIFICATION_EMAIL_LABELS[choice] });

/** The form with its settings loaded as `instant`; the save's answer is the test's to give. */
const renderLoaded = async () => {
  const { fetch, answer } = pendingFetch();
  render(
    <QueryClientProvider client={testClient()}>
      <NotificationSettingsForm />
    </QueryClientProvider>,
  );
  answer(0, json(200, { email: 'instant' }));
  await waitFor(() => expect(radio('instant')).toBeChecked());
  return { fetch, answer };
};

describe('NotificationSettingsForm', () => {
  it('shows the choice at once, while it is saved, and keeps it once saved', async () => {
    const { fetch, answer } = await renderLoaded();
    // A click and nothing after it, not even a timer: the choice must show within the event
    // (the mutation's pending state reaches React only on a later task).
    fireEvent.click(radio('daily'));
    expect(radio('daily')).toBeChecked();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(radio('daily')).toBeDisabled();
    expect(fetchCall(fetch, 1)).toEqual({
      url: '/api/notification-settings/',
      method: 'PATCH',
      body: { email: 'daily' },
    });
    answer(1, json(200, { email: 'daily' }));
    await waitFor(() => expect(radio('daily')).toBeEnabled());
    expect(radio('daily')).toBeChecked();
  });

  it('shows the saved choice again when the save is refused', async () => {
    const { answer } = await renderLoaded();
    await userEvent.click(radio('off'));
    expect(radio('off')).toBeChecked();
    answer(1, json(400, { email: ['"off" is not a valid choice.'] }));
    await waitFor(() => expect(radio('instant')).toBeChecked());
    expect(radio('off')).not.toBeChecked();
    expect(radio('off')).toBeEnabled();
  });
});
