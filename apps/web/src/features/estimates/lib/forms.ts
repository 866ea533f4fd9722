import { z } from 'zod';
import {
  DEFAULT_SAFE_MODIFIER,
  type Estimate,
  type EstimateCreateRequest,
  type EstimateItem,
  type EstimateItemUpdateRequest,
  type EstimateSection,
} from '@portal/contract/estimates';
import { FIELD_MESSAGES } from '@portal/contract/fields';

/**
 * The estimate screens' forms. Spec §5: the client checks only what is required (project, name,
 * description and safe_modifier for an estimate; a section's name; an item's description and
 * hours) and keeps Save disabled until then; every bound beyond that (hours ≥ 0, low ≤ high, 2
 * decimals, a positive modifier, lengths) is the server's to decide, and its messages land on
 * their fields.
 */

const required = () => z.string().trim().min(1, FIELD_MESSAGES.required);
const optional = () => z.string();

export const estimateFormSchema = z.object({
  /** The project's id, as the select holds it ('' for none chosen). */
  project: required(),
  name: required(),
  description: required(),
  scope_of_work: optional(),
  deliverables: optional(),
  not_included: optional(),
  safe_modifier: required(),
});
export type EstimateFormValues = z.infer<typeof estimateFormSchema>;

export const ESTIMATE_FORM_FIELDS = [
  'project',
  'name',
  'description',
  'scope_of_work',
  'deliverables',
  'not_included',
  'safe_modifier',
] as const satisfies readonly (keyof EstimateFormValues)[];

export const estimateFormDefaults = (
  estimate: Estimate | null,
  projectId: number | null = null,
): EstimateFormValues => ({
  project: String(estimate?.project.id ?? projectId ?? ''),
  name: estimate?.name ?? '',
  description: estimate?.description ?? '',
  scope_of_work: estimate?.scope_of_work ?? '',
  deliverables: estimate?.deliverables ?? '',
  not_included: estimate?.not_included ?? '',
  // Spec §9: a new estimate starts with a safe modifier of 1.
  safe_modifier: estimate?.safe_modifier ?? DEFAULT_SAFE_MODIFIER,
});

/** The body of a create or update: text as entered, the modifier as a string the server reads. */
export const estimateRequest = (values: EstimateFormValues): EstimateCreateRequest => ({
  project: Number(values.project),
  name: values.name.trim(),
  description: values.description,
  scope_of_work: values.scope_of_work,
  deliverables: values.deliverables,
  not_included: values.not_included,
  safe_modifier: values.safe_modifier.trim(),
});

export const sectionFormSchema = z.object({ name: required() });
export type SectionFormValues = z.infer<typeof sectionFormSchema>;
export const SECTION_FORM_FIELDS = ['name'] as const satisfies readonly (keyof SectionFormValues)[];
export const sectionFormDefaults = (section: EstimateSection | null): SectionFormValues => ({
  name: section?.name ?? '',
});

export const itemFormSchema = z.object({
  description: required(),
  hours_low: required(),
  hours_high: required(),
  notes: optional(),
  questions: optional(),
});
export type ItemFormValues = z.infer<typeof itemFormSchema>;

export const ITEM_FORM_FIELDS = [
  'description',
  'hours_low',
  'hours_high',
  'notes',
  'questions',
] as const satisfies readonly (keyof ItemFormValues)[];

export const itemFormDefaults = (item: EstimateItem | null): ItemFormValues => ({
  description: item?.description ?? '',
  hours_low: item?.hours_low ?? '',
  hours_high: item?.hours_high ?? '',
  notes: item?.notes ?? '',
  questions: item?.questions ?? '',
});

export const itemRequest = (values: ItemFormValues): EstimateItemUpdateRequest => ({
  description: values.description,
  hours_low: values.hours_low.trim(),
  hours_high: values.hours_high.trim(),
  notes: values.notes,
  questions: values.questions,
});
