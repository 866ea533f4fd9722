import { UNKEPT_POST_ROUTES } from '@portal/contract/idempotency';
import { TWO_FACTOR_MESSAGES } from '@portal/contract/two-factor-messages';
import type { z } from 'zod';
import type { Paginated } from '@portal/contract/common';
import { getAuthToken } from './tokens';

/** A failed call: the HTTP status (0 when the server could not be reached) and the parsed body. */
export class ApiError extends Error {
  readonly status: number;
  /** The JSON body, the text body, or null when there was none. */
  readonly body: unknown;

  constructor(status: number, body: unknown, message?: string) {
    super(message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | QueryValue[]>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Use this token instead of the stored one (e.g. to log out a token that is not in use). */
  token?: string | null;
};

export const buildUrl = (path: string, query?: Query): string => {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') params.append(key, String(item));
    }
  }
  const text = params.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
};

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
};

export const TWO_FACTOR_SET_UP_PATH = '/profile?tab=security';

const needsTwoFactorSetUp = (status: number, data: unknown) =>
  status === 403 &&
  typeof data === 'object' &&
  data !== null &&
  'detail' in data &&
  data.detail === TWO_FACTOR_MESSAGES.requiredForStaff;

/**
 * Under `REQUIRE_STAFF_2FA` a staff account without two-factor may only set it up (decision
 * 0049): whatever screen asked, the person is taken to where that is done.
 */
const sendToTwoFactorSetUp = () => {
  if (`${window.location.pathname}${window.location.search}` !== TWO_FACTOR_SET_UP_PATH)
    window.location.assign(TWO_FACTOR_SET_UP_PATH);
};

/** The one way the web app talks to the API (spec §6–§7). */
export async function request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
export async function request<S extends z.ZodType>(
  path: string,
  options: RequestOptions & { schema: S },
): Promise<z.output<S>>;
export async function request(
  path: string,
  options: RequestOptions & { schema?: z.ZodType } = {},
): Promise<unknown> {
  const { method = 'GET', body, query, signal, schema } = options;
  const headers = new Headers({ Accept: 'application/json' });
  const token = options.token === undefined ? getAuthToken() : options.token;
  if (token) headers.set('Authorization', `Token ${token}`);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  // Every create carries a key of its own (issue 28): should the answer be lost — the
  // connection dropped, the server restarting — the retry below sends the same request with the
  // same key, and the server answers it from the first without doing the work twice.
  // (Neither an upload nor a sign-in or security call is kept by its key on the server, so
  // neither is sent twice.)
  const retriable =
    method === 'POST' && !(body instanceof FormData) && !UNKEPT_POST_ROUTES.test(path);
  if (retriable) headers.set('Idempotency-Key', newIdempotencyKey());

  for (let attempt = 0; ; attempt++) {
    const answer = await send(buildUrl(path, query), { method, headers, body: payload, signal });
    const wait = retriable && attempt < POST_RETRIES ? retryDelay(answer) : null;
    if (wait !== null) {
      await sleep(wait, signal);
      continue;
    }
    if (answer instanceof ApiError) throw answer;
    const { response, data } = answer;
    if (!response.ok) {
      if (needsTwoFactorSetUp(response.status, data)) sendToTwoFactorSetUp();
      throw new ApiError(response.status, data);
    }
    return schema ? schema.parse(data) : data;
  }
}

/** 128 random bits; `crypto.randomUUID` exists only in secure contexts (not plain http). */
const newIdempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

/** How many times a POST is sent again with its key, after no answer or a 503. */
const POST_RETRIES = 2;

type Answer = { response: Response; data: unknown } | ApiError;

/** One exchange: the response and its body, or the ApiError of a call that got no answer. */
const send = async (url: string, init: RequestInit): Promise<Answer> => {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    return new ApiError(0, null, 'The server could not be reached');
  }
  try {
    return { response, data: response.status === 204 ? null : await readBody(response) };
  } catch (error) {
    // The body was cut off (connection dropped, page unloading): as good as no answer.
    if (init.signal?.aborted) throw error;
    return new ApiError(0, null, 'The connection was interrupted');
  }
};

/**
 * Milliseconds to wait before sending a POST again, or null when its answer stands: no answer at
 * all (1 s), a 503 (its Retry-After, at most 5 s) or a 409 of a key still being processed.
 */
const retryDelay = (answer: Answer): number | null => {
  if (answer instanceof ApiError) return answer.status === 0 ? 1_000 : null;
  const { status, headers } = answer.response;
  const replayable =
    status === 503 ||
    (status === 409 && headers.has('retry-after') && !headers.has('idempotent-replayed'));
  if (!replayable) return null;
  const seconds = Number(headers.get('retry-after') ?? 1);
  return Math.min(Number.isFinite(seconds) && seconds > 0 ? seconds : 1, 5) * 1_000;
};

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', abort, { once: true });
  });

/**
 * A call whose answer is checked by a contract schema loaded only when the call is made, so that
 * zod is not part of the first visit to /login (DESIGN §6, decision 0025). The schema's chunk
 * loads while the request is in flight.
 */
export const requestChecked = async <S extends z.ZodType>(
  path: string,
  options: RequestOptions,
  loadSchema: () => Promise<S>,
): Promise<z.output<S>> => {
  const schema = loadSchema();
  // A failed call is the error to report; a chunk that failed meanwhile must not go unhandled.
  schema.catch(() => undefined);
  const data = await request(path, options);
  return (await schema).parse(data);
};

export const api = {
  get: <T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};

type ActionOptions = {
  method?: RequestOptions['method'];
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
};

/**
 * The generic resource pattern of spec §7 for `/api/{name}/`. `Key` is the id or the slug that
 * addresses a record in the path.
 */
export const createResource = <
  Item,
  CreateBody = Partial<Item>,
  UpdateBody = Partial<CreateBody>,
  Key extends string | number = number,
>(
  name: string,
) => {
  const base = `/api/${name}/`;
  const detail = (key: Key) => `${base}${encodeURIComponent(String(key))}/`;
  const list = (query?: Query, signal?: AbortSignal) =>
    request<Paginated<Item>>(base, { query, signal });

  return {
    path: base,
    create: (body: CreateBody) => request<Item>(base, { method: 'POST', body }),
    get: (key: Key, signal?: AbortSignal) => request<Item>(detail(key), { signal }),
    list,
    /** Every page, following `next` until it is null (spec §7 fetch-all). */
    all: async (query?: Query, signal?: AbortSignal): Promise<Item[]> => {
      const items: Item[] = [];
      for (let page = 1; ; page++) {
        const answer = await list({ ...query, page }, signal);
        items.push(...answer.results);
        if (!answer.next || answer.results.length === 0) return items;
      }
    },
    update: (key: Key, body: UpdateBody, method: 'PATCH' | 'PUT' = 'PATCH') =>
      request<Item>(detail(key), { method, body }),
    remove: (key: Key) => request<null>(detail(key), { method: 'DELETE' }),
    detailAction: <T = unknown>(key: Key, action: string, options: ActionOptions = {}) =>
      request<T>(`${detail(key)}${action}/`, { method: 'GET', ...options }),
    listAction: <T = unknown>(action: string, options: ActionOptions = {}) =>
      request<T>(`${base}${action}/`, { method: 'GET', ...options }),
  };
};

export type Resource<
  Item,
  CreateBody = Partial<Item>,
  UpdateBody = Partial<CreateBody>,
  Key extends string | number = number,
> = ReturnType<typeof createResource<Item, CreateBody, UpdateBody, Key>>;
