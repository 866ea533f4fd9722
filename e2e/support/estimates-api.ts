import { expect, type APIRequestContext } from '@playwright/test';
import { clientUserSchema } from '@portal/contract/clients';
import { estimateVersionSchema, type EstimateVersion } from '@portal/contract/estimate-versions';
import {
  estimateDetailSchema,
  estimateItemSchema,
  estimateSectionSchema,
  type EstimateDetail,
} from '@portal/contract/estimates';

const auth = (token: string) => ({ Authorization: `Token ${token}` });

/** Makes a user a member of a client (staff only), so they see the client's estimates. */
export const linkClientUser = async (
  request: APIRequestContext,
  token: string,
  client: number,
  user: number,
) => {
  const response = await request.post('/api/client-users/', {
    headers: auth(token),
    data: { client, user },
  });
  expect(response.status(), await response.text()).toBe(201);
  return clientUserSchema.parse(await response.json());
};

export type SeedSection = {
  name: string;
  items: { description: string; hours_low: string; hours_high: string; notes?: string }[];
};

/** An estimate with sections and items, made through the API for tests not about making them. */
export const createEstimateViaApi = async (
  request: APIRequestContext,
  token: string,
  body: { project: number; name: string; description: string; safe_modifier?: string },
  sections: SeedSection[] = [],
): Promise<EstimateDetail> => {
  const created = await request.post('/api/estimates/', { headers: auth(token), data: body });
  expect(created.status(), await created.text()).toBe(201);
  const estimate = estimateDetailSchema.parse(await created.json());
  for (const section of sections) {
    const made = await request.post('/api/estimate-sections/', {
      headers: auth(token),
      data: { estimate: estimate.id, name: section.name },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { id } = estimateSectionSchema.parse(await made.json());
    for (const item of section.items) {
      const response = await request.post('/api/estimate-items/', {
        headers: auth(token),
        data: { section: id, ...item },
      });
      expect(response.status(), await response.text()).toBe(201);
      estimateItemSchema.parse(await response.json());
    }
  }
  return estimate;
};

/** Staff send the estimate as it is now: the next version, waiting for the client. */
export const sendVersionViaApi = async (
  request: APIRequestContext,
  token: string,
  estimateId: number,
  message = '',
): Promise<EstimateVersion> => {
  const sent = await request.post(`/api/estimates/${estimateId}/send/`, {
    headers: auth(token),
    data: { message },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return estimateVersionSchema.parse(await sent.json());
};
