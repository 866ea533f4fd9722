/**
 * What a project's child form (note, phase, milestone) saves: an update of the record it
 * opened with, or a create in the project (the update body plus `project`).
 */
export const projectChildSave = <Body extends object>(
  existing: { id: number } | undefined,
  body: Body,
  project: number,
) =>
  existing
    ? { kind: 'update' as const, id: existing.id, body }
    : { kind: 'create' as const, body: { ...body, project } };
