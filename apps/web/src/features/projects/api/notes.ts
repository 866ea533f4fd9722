import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  projectNoteSchema,
  type ProjectNote,
  type ProjectNoteCreateRequest,
  type ProjectNoteUpdateRequest,
} from '@portal/contract/projects';
import { createResource, request } from '../../../lib/api';
import { putBack } from '../../../lib/put-back';
import { projectKeys } from './keys';
import { projectChildHooks, replaceOr } from './project-child';

export const projectNotesResource = createResource<
  ProjectNote,
  ProjectNoteCreateRequest,
  ProjectNoteUpdateRequest
>('project-notes');

const notes = projectChildHooks({
  resource: projectNotesResource,
  key: projectKeys.notes,
  // A new note goes first: the server lists them newest first.
  place: (list, saved) => replaceOr(list, saved, () => [saved, ...list]),
});

/** A project's notes, newest first, as the server lists them. */
export const useProjectNotes = notes.useList;
export const useSaveProjectNote = notes.useSave;
export const useDeleteProjectNote = notes.useRemove;

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
