import type { Lead } from '@portal/contract/leads';

/**
 * What a test's lead leaves blank unless the test says otherwise: a fresh website lead with no
 * title, notes, message or metadata, not converted.
 */
export const leadBlanks = {
  title: '',
  notes: '',
  message: '',
  metadata: {},
  created_at: '2025-03-07T09:05:00Z',
  converted_client: null,
  converted_project: null,
} satisfies Partial<Lead>;
