import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { leadSchema, type Lead, type LeadCreateRequest } from '@portal/contract/leads';

/** A word no other test (or earlier run on the same database) puts in a lead. */
export const uniqueTag = (label: string) => `${label}${randomUUID().slice(0, 8)}`;

/** Creates a lead as staff, the way the 'Create Lead' drawer does. */
export const createLead = async (
  request: APIRequestContext,
  token: string,
  lead: LeadCreateRequest,
): Promise<Lead> => {
  const response = await request.post('/api/leads/', {
    headers: { Authorization: `Token ${token}` },
    data: lead,
  });
  expect(response.status(), await response.text()).toBe(201);
  return leadSchema.parse(await response.json());
};
