import { z } from 'zod';
import { paginated } from './common';
import { listByParentQuery, namedChildRequests } from './fields';

export const MILESTONE_NAME_MAX_LENGTH = 255;

export const milestoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  project: z.number().int(),
  /** 0-based position among the project's milestones. */
  order: z.number().int(),
});
export type Milestone = z.infer<typeof milestoneSchema>;
export const milestoneListSchema = paginated(milestoneSchema);
/** The answer of `move`: the project's milestones in their new order. */
export const milestoneArraySchema = z.array(milestoneSchema);

export const milestoneListQuerySchema = listByParentQuery('project');

const milestoneRequests = namedChildRequests('project', MILESTONE_NAME_MAX_LENGTH);

/** `POST /api/milestones/`: appended after the project's last milestone. */
export const milestoneCreateRequestSchema = milestoneRequests.create;
export type MilestoneCreateRequest = z.infer<typeof milestoneCreateRequestSchema>;

/** `PUT`/`PATCH /api/milestones/{id}/`: only the name; order changes through `move`. */
export const milestoneUpdateRequestSchema = milestoneRequests.update;
export type MilestoneUpdateRequest = z.infer<typeof milestoneUpdateRequestSchema>;
