import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Studio, StudioUpdate } from '@portal/contract/studio';
import { request } from '../../../lib/api';
import { applyAccentColor, parseStudio, studioQueryKey } from '../../../lib/studio';

/** Every change answers with the whole studio: the page takes it, colour included, at once. */
const useStudioChange = <Variables>(call: (variables: Variables) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: Variables) => parseStudio(await call(variables)),
    onSuccess: (studio: Studio) => {
      queryClient.setQueryData(studioQueryKey, studio);
      applyAccentColor(studio.accent_color);
    },
  });
};

export const useUpdateStudio = () =>
  useStudioChange((values: StudioUpdate) =>
    request('/api/studio/', { method: 'PATCH', body: values }),
  );

/** A new logo (the server re-encodes it), or null to go back to the product's mark. */
export const useChangeLogo = () =>
  useStudioChange((logo: File | null) => {
    if (!logo) return request('/api/studio/logo/', { method: 'DELETE' });
    const form = new FormData();
    form.append('logo', logo);
    return request('/api/studio/logo/', { method: 'POST', body: form });
  });
