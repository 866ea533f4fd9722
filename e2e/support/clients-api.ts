import { expect, type APIRequestContext } from '@playwright/test';
import { clientSchema, type Client } from '@portal/contract/clients';
import { projectSchema, type Project } from '@portal/contract/projects';

const auth = (token: string) => ({ Authorization: `Token ${token}` });

/** A client made through the API, for tests that need one but are not about making it. */
export const createClientViaApi = async (
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<Client> => {
  const response = await request.post('/api/clients/', { headers: auth(token), data: { name } });
  expect(response.status(), await response.text()).toBe(201);
  return clientSchema.parse(await response.json());
};

export const createProjectViaApi = async (
  request: APIRequestContext,
  token: string,
  body: { client: number; name: string },
): Promise<Project> => {
  const response = await request.post('/api/projects/', { headers: auth(token), data: body });
  expect(response.status(), await response.text()).toBe(201);
  return projectSchema.parse(await response.json());
};

/** A client with one project: where most workflows' tests start. */
export const createClientWithProjectViaApi = async (
  request: APIRequestContext,
  token: string,
  names: { client: string; project: string },
): Promise<{ client: Client; project: Project }> => {
  const client = await createClientViaApi(request, token, names.client);
  const project = await createProjectViaApi(request, token, {
    client: client.id,
    name: names.project,
  });
  return { client, project };
};

/** Every project a token's user may see (`GET /api/projects/all/`). */
export const visibleProjects = async (
  request: APIRequestContext,
  token: string,
): Promise<Project[]> => {
  const response = await request.get('/api/projects/all/', { headers: auth(token) });
  expect(response.status(), await response.text()).toBe(200);
  return projectSchema.array().parse(await response.json());
};
