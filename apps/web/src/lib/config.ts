import { useQuery } from '@tanstack/react-query';
import { publicConfigSchema, type PublicConfig } from '@portal/contract/config';
import { request } from './api';

/** Used until `/api/config/` has answered, so titles never read "undefined". */
export const DEFAULT_PORTAL_NAME = 'Studio Portal';

export const configQueryKey = ['config'] as const;

/** What the deployment tells the web app at run time (DESIGN §1). */
export const useConfig = () =>
  useQuery<PublicConfig>({
    queryKey: configQueryKey,
    queryFn: ({ signal }) => request('/api/config/', { schema: publicConfigSchema, signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const usePortalName = () => useConfig().data?.portal_name ?? DEFAULT_PORTAL_NAME;
