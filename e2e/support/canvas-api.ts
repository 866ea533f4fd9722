import { expect, type APIRequestContext } from '@playwright/test';
import { canvasListSchema, canvasSchema, type Canvas } from '@portal/contract/canvas';

const auth = (token: string) => ({ Authorization: `Token ${token}` });

/** A canvas made through the API (spec §7: `data` starts as ''), for tests not about making one. */
export const createCanvasViaApi = async (
  request: APIRequestContext,
  token: string,
  body: { name: string; client_id: number; data?: string },
): Promise<Canvas> => {
  const response = await request.post('/api/canvas/', {
    headers: auth(token),
    data: { data: '', ...body },
  });
  expect(response.status(), await response.text()).toBe(201);
  return canvasSchema.parse(await response.json());
};

/** The names of every canvas, as staff see them through the API. */
export const canvasNamesViaApi = async (request: APIRequestContext, token: string) => {
  const response = await request.get('/api/canvas/', {
    headers: auth(token),
    params: { page_size: 100 },
  });
  expect(response.status(), await response.text()).toBe(200);
  return canvasListSchema.parse(await response.json()).results.map((canvas) => canvas.name);
};
