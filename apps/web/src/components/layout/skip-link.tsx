import { InPageLink } from './in-page-link';

/**
 * The first thing a keyboard reaches on every page: a link past the top bar and the side
 * navigation to the page's `<main id="main">` (WCAG 2.4.1). Hidden until focused.
 */
export const SkipLink = () => (
  <InPageLink
    to="main"
    className="sr-only z-[60] rounded-md bg-white px-4 py-2 text-sm font-medium text-brand-700 shadow-lg ring-2 ring-brand-500 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
  >
    Skip to main content
  </InPageLink>
);
