import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type ProfileUpdate } from '@portal/contract/users';
import { request } from '../../../lib/api';
import { userQueryKey } from '../../../lib/auth';

export type ProfileChange =
  | { kind: 'fields'; values: ProfileUpdate }
  /** A new image, or null to remove the current one. */
  | { kind: 'image'; image: File | null };

const toFormData = (change: ProfileChange) => {
  const form = new FormData();
  if (change.kind === 'fields') {
    for (const [key, value] of Object.entries(change.values)) form.append(key, value ?? '');
  } else {
    // Spec §7: the profile is sent as multipart; an empty image removes it.
    form.append('image', change.image ?? '');
  }
  return form;
};

export const useUpdateProfile = (userId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ProfileChange) =>
      request(`/api/users/${userId}/`, {
        method: 'PATCH',
        body: toFormData(change),
        schema: userSchema,
      }),
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
};
