import { useQuery } from '@tanstack/react-query';
import type { Studio } from '@portal/contract/studio';
import {
  DEFAULT_ACCENT_COLOR,
  DEFAULT_ESTIMATE_VALIDITY_DAYS,
} from '@portal/contract/studio-defaults';
import { request } from './api';

/** Until the page says whose studio this is (a page served without it: the dev server). */
export const DEFAULT_STUDIO: Studio = {
  name: 'Studio Portal',
  logo_url: null,
  accent_color: DEFAULT_ACCENT_COLOR,
  website: '',
  email_footer: '',
  legal_name: '',
  address: '',
  tax_id: '',
  estimate_validity_days: DEFAULT_ESTIMATE_VALIDITY_DAYS,
};

export const studioQueryKey = ['studio'] as const;

const TEXT_FIELDS = [
  'name',
  'accent_color',
  'website',
  'email_footer',
  'legal_name',
  'address',
  'tax_id',
] as const;

/**
 * The contract's `studioSchema`, written out: the sign-in page reads the studio, and zod would
 * be a fifth of a first visit's JavaScript (DESIGN §6, decision 0025). `studio.test.ts` holds
 * the two to the same answers.
 */
export const parseStudio = (data: unknown): Studio => {
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    const record = data as Record<string, unknown>;
    const days = record.estimate_validity_days;
    const logo = record.logo_url;
    if (
      TEXT_FIELDS.every((field) => typeof record[field] === 'string') &&
      (logo === null || typeof logo === 'string') &&
      typeof days === 'number' &&
      Number.isInteger(days)
    ) {
      const text = (field: (typeof TEXT_FIELDS)[number]) => record[field] as string;
      return {
        name: text('name'),
        logo_url: logo,
        accent_color: text('accent_color'),
        website: text('website'),
        email_footer: text('email_footer'),
        legal_name: text('legal_name'),
        address: text('address'),
        tax_id: text('tax_id'),
        estimate_validity_days: days,
      };
    }
  }
  throw new TypeError('Unexpected studio data');
};

/** The studio the server wrote into the page (decision 0045), so nothing flashes unbranded. */
export const readPageStudio = (doc: Document = document): Studio | undefined => {
  const text = doc.getElementById('studio-data')?.textContent;
  if (!text) return undefined;
  try {
    return parseStudio(JSON.parse(text));
  } catch {
    return undefined;
  }
};

/**
 * Paints the brand colour: every `brand-*` shade derives from `--color-brand-600` (styles.css),
 * which the server set in the page; an edit (or its preview) sets it again here.
 */
export const applyAccentColor = (color: string, doc: Document = document) => {
  let style = doc.getElementById('studio-brand');
  if (!style) {
    style = doc.createElement('style');
    style.id = 'studio-brand';
    doc.head.append(style);
  }
  style.textContent = `:root{--color-brand-600:${color}}`;
};

const pageStudio = typeof document === 'undefined' ? undefined : readPageStudio();

/** The studio's brand and letterhead: from the page at first, `GET /api/studio/` after an edit. */
export const useStudio = (): Studio =>
  useQuery<Studio>({
    queryKey: studioQueryKey,
    queryFn: async ({ signal }) => parseStudio(await request('/api/studio/', { signal })),
    staleTime: Infinity,
    gcTime: Infinity,
    ...(pageStudio ? { initialData: pageStudio } : {}),
  }).data ??
  pageStudio ??
  DEFAULT_STUDIO;

export const usePortalName = () => useStudio().name;

/**
 * The studio as the server holds it now, for the screen that edits it: asked again on every
 * visit (another superuser may have changed it; the page's copy may be the defaults of an
 * outage), `fresh` once that answer is in.
 */
export const useFreshStudio = () => {
  const query = useQuery<Studio>({
    queryKey: studioQueryKey,
    queryFn: async ({ signal }) => parseStudio(await request('/api/studio/', { signal })),
    staleTime: 0,
    gcTime: Infinity,
    refetchOnMount: 'always',
  });
  return { studio: query.data, fresh: query.isFetchedAfterMount && !query.isFetching, query };
};
