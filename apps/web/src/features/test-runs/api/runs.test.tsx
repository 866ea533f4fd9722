import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestRun, TestRunAttachment } from '@portal/contract/test-runs';
import { json, pendingFetch, testClient, withClient } from '../../../test/api-fakes';
import { runOf } from '../test-support';
import { testRunKeys, useRecordResult, useUploadAttachment } from './runs';

afterEach(() => vi.unstubAllGlobals());

const step: TestRun['results'][number] = {
  id: 52,
  run: 5,
  order: 0,
  flow_name: 'Checkout',
  step_description: 'The total reads $12',
  step_type: 'VERIFY',
  result: 'untested',
  note: '',
  attachments: [],
  updated_by: null,
  updated_at: null,
};
const screenshot: TestRunAttachment = {
  id: 9,
  url: '/media/signed/total.png',
  name: 'total.png',
  size: 68,
  content_type: 'image/png',
};

describe('a result saved while a screenshot is uploaded', () => {
  it('keeps the screenshot that arrived while the save travelled', async () => {
    const client = testClient();
    client.setQueryData(testRunKeys.run(5), runOf([step]));
    const { answer } = pendingFetch();
    const { result } = renderHook(
      () => ({ record: useRecordResult(5), upload: useUploadAttachment(5) }),
      {
        wrapper: withClient(() => client),
      },
    );
    act(() => result.current.record.mutate({ resultId: 52, note: 'The total reads $21.' }));
    act(() =>
      result.current.upload.mutate({
        resultId: 52,
        file: new File(['png'], 'total.png', { type: 'image/png' }),
      }),
    );
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(2));
    // The upload answers first; the note's save, read on the server before it, answers after.
    answer(1, json(201, screenshot));
    await waitFor(() => expect(result.current.upload.isSuccess).toBe(true));
    answer(
      0,
      json(200, {
        ...step,
        note: 'The total reads $21.',
        updated_by: 1,
        updated_at: '2026-11-26T11:00:00Z',
      }),
    );
    await waitFor(() => expect(result.current.record.isSuccess).toBe(true));
    const saved = client.getQueryData<TestRun>(testRunKeys.run(5))?.results[0];
    expect(saved?.attachments).toEqual([screenshot]);
    expect(saved).toMatchObject({ note: 'The total reads $21.', updated_by: 1 });
  });
});
