import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@portal/contract/config';
import { request } from './api';

export const configQueryKey = ['config'] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const parseGoogle = (value: unknown): PublicConfig['google'] | undefined => {
  if (value === null) return null;
  if (isObject(value) && typeof value.client_id === 'string' && typeof value.auth_url === 'string')
    return { client_id: value.client_id, auth_url: value.auth_url };
  return undefined;
};

/**
 * The contract's `publicConfigSchema`, written out: every first visit (/login included) reads
 * the config, and zod would be a fifth of that visit's JavaScript (DESIGN §6, decision 0025).
 * `config.test.ts` holds the two to the same answers.
 */
export const parsePublicConfig = (data: unknown): PublicConfig => {
  if (isObject(data) && typeof data.portal_name === 'string') {
    const google = parseGoogle(data.google);
    if (google !== undefined) return { portal_name: data.portal_name, google };
  }
  throw new TypeError('Unexpected answer from /api/config/');
};

/** What the deployment tells the web app at run time (DESIGN §1). */
export const useConfig = () =>
  useQuery<PublicConfig>({
    queryKey: configQueryKey,
    queryFn: async ({ signal }) => parsePublicConfig(await request('/api/config/', { signal })),
    staleTime: Infinity,
    gcTime: Infinity,
  });
