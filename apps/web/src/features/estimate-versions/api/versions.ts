import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  estimateLatestVersionArraySchema,
  estimateVersionSchema,
  type EstimateVersion,
} from '@portal/contract/estimate-versions';
import { ApiError, request } from '../../../lib/api';
import { estimateKeys } from '../../estimates/api/keys';
import { getAuthToken } from '../../../lib/tokens';
import { VERSIONS_PATH as PATH, versionKeys, versionsQuery } from './versions-query';

/**
 * The newest version of every estimate in scope, by estimate id (absent: a draft): its status,
 * and what it asks the client to sign for (safe hours, safe price).
 */
export const useLatestVersions = (enabled = true) =>
  useQuery({
    queryKey: versionKeys.latest(),
    queryFn: ({ signal }) =>
      request(`${PATH}latest/`, { signal, schema: estimateLatestVersionArraySchema }),
    select: (rows) => new Map(rows.map((row) => [row.estimate, row])),
    enabled,
  });

/** Every version of one estimate, newest first. */
export const useVersions = (estimateId: number) => useQuery(versionsQuery(estimateId));

export const useVersion = (id: number, enabled = true) =>
  useQuery({
    queryKey: versionKeys.detail(id),
    queryFn: ({ signal }) => request(`${PATH}${id}/`, { signal, schema: estimateVersionSchema }),
    enabled,
  });

/** A new or decided version into its detail, and every list of its estimate refetched. */
const useRememberVersion = () => {
  const queryClient = useQueryClient();
  return async (version: EstimateVersion) => {
    queryClient.setQueryData(versionKeys.detail(version.id), version);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: versionKeys.list(version.estimate) }),
      queryClient.invalidateQueries({ queryKey: versionKeys.latest() }),
      // Estimate list rows show their latest version's status (issue 19).
      queryClient.invalidateQueries({ queryKey: estimateKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: [...estimateKeys.all, 'sorted'] }),
    ]);
  };
};

/** Staff: freeze the estimate into a new version and email the client. */
export const useSendEstimate = (estimateId: number) => {
  const remember = useRememberVersion();
  return useMutation({
    mutationFn: (message: string) =>
      request(`/api/estimates/${estimateId}/send/`, {
        method: 'POST',
        body: { message },
        schema: estimateVersionSchema,
      }),
    onSuccess: remember,
  });
};

export type VersionDecision =
  { action: 'approve'; signature_name: string } | { action: 'request-changes'; note: string };

/** A client user: approve with a typed name or ask for changes. */
export const useDecideVersion = (versionId: number) => {
  const remember = useRememberVersion();
  return useMutation({
    mutationFn: ({ action, ...body }: VersionDecision) =>
      request(`${PATH}${versionId}/${action}/`, {
        method: 'POST',
        body,
        schema: estimateVersionSchema,
      }),
    onSuccess: remember,
  });
};

/**
 * Downloads the version's PDF. The API wants the token in a header, so the file is fetched and
 * handed to the browser as an object URL rather than linked directly.
 */
export const downloadVersionPdf = async (version: EstimateVersion, fileName: string) => {
  const token = getAuthToken();
  const response = await fetch(`${PATH}${version.id}/pdf/`, {
    headers: token ? { Authorization: `Token ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, null);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
