import { z } from 'zod';
import { textField } from './fields';

/**
 * `GET /api/home/` (issue 19): what needs the caller's attention, scoped to their role. Every
 * section is a count and its newest few entries in one shape, so the home screen renders all of
 * them with one component; `path` is where the entry lives in the web app.
 */

/** How many entries a section lists; its count says how many there are in all. */
export const HOME_SECTION_LIMIT = 5;
/** "Just decided", "recent" comments and runs: this many days back. */
export const HOME_RECENT_DAYS = 14;

export const STAFF_HOME_SECTIONS = [
  'new_leads',
  'versions_waiting',
  'versions_decided',
  'test_runs',
  'client_comments',
] as const;
export const CLIENT_HOME_SECTIONS = [
  'estimates_to_approve',
  'runs_to_sign_off',
  'studio_replies',
] as const;
export type HomeSectionKey =
  (typeof STAFF_HOME_SECTIONS)[number] | (typeof CLIENT_HOME_SECTIONS)[number];

export const homeEntrySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Where it belongs, e.g. "Acme · Website relaunch". */
  context: z.string(),
  /** ISO 8601; the moment that put the entry here (created, sent, decided, completed). */
  at: z.string().nullable(),
  /** A status worth a badge (a version's or a run's), else null. */
  status: z.string().nullable(),
  path: z.string(),
});
export type HomeEntry = z.infer<typeof homeEntrySchema>;

export const homeSectionSchema = z.object({
  key: z.enum([...STAFF_HOME_SECTIONS, ...CLIENT_HOME_SECTIONS]),
  count: z.number().int(),
  entries: z.array(homeEntrySchema),
});
export type HomeSection = z.infer<typeof homeSectionSchema>;

/** A client user's project with its milestone progress (milestones with a signed-off run). */
export const homeProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  client: z.string(),
  status: z.string(),
  percentage_complete: z.number().int(),
  milestones: z.number().int(),
  milestones_signed_off: z.number().int(),
});
export type HomeProject = z.infer<typeof homeProjectSchema>;

export const homeSchema = z.object({
  role: z.enum(['staff', 'client']),
  sections: z.array(homeSectionSchema),
  /** A client user's projects (at most 20, by name); empty for staff. */
  projects: z.array(homeProjectSchema),
});
export type Home = z.infer<typeof homeSchema>;

// Search (the command palette).

export const SEARCH_RESULT_TYPES = ['client', 'project', 'estimate', 'lead', 'milestone'] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];
/** Results per type. */
export const SEARCH_LIMIT_PER_TYPE = 5;
export const SEARCH_MAX_LENGTH = 100;

/** `GET /api/search/?q=`: `q` is required and not blank. */
export const searchQuerySchema = z.object({ q: textField(SEARCH_MAX_LENGTH) });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  type: z.enum(SEARCH_RESULT_TYPES),
  id: z.number().int(),
  title: z.string(),
  context: z.string(),
  path: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({ results: z.array(searchResultSchema) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;
