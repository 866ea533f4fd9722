import { z } from 'zod';
import {
  blankableTextField,
  FIELD_MESSAGES,
  integerField,
  optionalUrlField,
  requestBody,
  textField,
} from './fields';

/**
 * The studio's brand and letterhead (DESIGN §9, decision 0045): one row, public, shown on the
 * sign-in page, in the header, in every email and on the PDF. Letterhead fields are public too:
 * every PDF the studio sends prints them.
 */
export const studioSchema = z.object({
  name: z.string(),
  /** An absolute URL to the stored PNG, or null for the product's own mark. */
  logo_url: z.string().nullable(),
  accent_color: z.string(),
  website: z.string(),
  email_footer: z.string(),
  legal_name: z.string(),
  address: z.string(),
  tax_id: z.string(),
  estimate_validity_days: z.number().int(),
});
export type Studio = z.infer<typeof studioSchema>;

export const STUDIO_LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** What the logo input offers; the server judges the bytes, not the type a file claims. */
export const STUDIO_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** WCAG 2.2 AA for normal text: white labels on accent buttons, accent links on white. */
export const MIN_ACCENT_CONTRAST = 4.5;

const channel = (hex: string) => {
  const c = Number.parseInt(hex, 16) / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG's relative luminance of `#rrggbb`. */
const luminance = (color: string) =>
  0.2126 * channel(color.slice(1, 3)) +
  0.7152 * channel(color.slice(3, 5)) +
  0.0722 * channel(color.slice(5, 7));

/** The contrast ratio of `#rrggbb` against white, from 1 (white) to 21 (black). */
export const contrastWithWhite = (color: string) => 1.05 / (luminance(color) + 0.05);

export const ACCENT_FORMAT_MESSAGE = 'Enter a colour as #rrggbb, for example #4f46e5.';

/** Why an accent colour is refused, or null when white text on it (and it on white) reads. */
export const accentColorProblem = (color: string): string | null => {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return ACCENT_FORMAT_MESSAGE;
  const ratio = contrastWithWhite(color);
  if (ratio >= MIN_ACCENT_CONTRAST) return null;
  return `This colour is too light: white text on it has a contrast of ${(Math.floor(ratio * 10) / 10).toFixed(1)}:1, and WCAG AA needs ${MIN_ACCENT_CONTRAST}:1. Choose a darker colour.`;
};

const accentColorField = () =>
  z
    .string({ error: FIELD_MESSAGES.notAString })
    .trim()
    .toLowerCase()
    .superRefine((value, context) => {
      const problem = accentColorProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });

export const STUDIO_LIMITS = {
  name: 100,
  email_footer: 500,
  legal_name: 200,
  address: 500,
  tax_id: 50,
} as const;

/** `PATCH /api/studio/` (superusers): any of the fields; blank website, footer or letterhead clear them. */
export const studioUpdateSchema = requestBody({
  name: textField(STUDIO_LIMITS.name).optional(),
  accent_color: accentColorField().optional(),
  website: optionalUrlField()
    .transform((value) => value ?? '')
    .optional(),
  email_footer: blankableTextField(STUDIO_LIMITS.email_footer).optional(),
  legal_name: blankableTextField(STUDIO_LIMITS.legal_name).optional(),
  address: blankableTextField(STUDIO_LIMITS.address).optional(),
  tax_id: blankableTextField(STUDIO_LIMITS.tax_id).optional(),
  estimate_validity_days: integerField({ min: 1, max: 365 }).optional(),
});
export type StudioUpdate = z.infer<typeof studioUpdateSchema>;
