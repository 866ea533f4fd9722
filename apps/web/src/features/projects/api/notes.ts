import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  projectNoteSchema,
  type ProjectNote,
  type ProjectNoteCreateRequest,
  type ProjectNoteUpdateRequest,
} from '@portal/contract/projects';
import { createResource, request } from '../../../lib/api';
import { putBack } from '../../../lib/put-back';
import { projectKeys } from './keys';

export const projectNotesResource = createResource<
  ProjectNote,
  ProjectNoteCreateRequest,
  ProjectNoteUpdateRequest
>('project-notes');

/** A project's notes, newest first, as the server lists them. */
export const useProjectNotes = (projectId: number) =>
  useQuery({
    queryKey: projectKeys.notes(projectId),
    queryFn: ({ signal }) =>
      projectNotesResource.all({ project: projectId, page_size: 100 }, signal),
  });

export type ProjectNoteSave =
  | { kind: 'create'; body: ProjectNoteCreateRequest }
  | { kind: 'update'; id: number; body: ProjectNoteUpdateRequest };

export const useSaveProjectNote = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: ProjectNoteSave) =>
      save.kind === 'create'
        ? projectNotesResource.create(save.body)
        : projectNotesResource.update(save.id, save.body),
    onSuccess: (saved, save) =>
      queryClient.setQueryData<ProjectNote[]>(projectKeys.notes(projectId), (list = []) =>
        save.kind === 'create'
          ? [saved, ...list]
          : list.map((note) => (note.id === saved.id ? saved : note)),
      ),
  });
};

export const useDeleteProjectNote = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => projectNotesResource.remove(id),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<ProjectNote[]>(projectKeys.notes(projectId), (list) =>
        list?.filter((note) => note.id !== id),
      ),
  });
};

/** Undo of a delete: the server brings the note back as it was; it goes back in its place. */
export const useRestoreProjectNote = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request(`/api/project-notes/${id}/restore/`, { method: 'POST', schema: projectNoteSchema }),
    onSuccess: (note) =>
      queryClient.setQueryData<ProjectNote[]>(
        projectKeys.notes(projectId),
        (list) => list && putBack(list, note, 'newest-first'),
      ),
  });
};
