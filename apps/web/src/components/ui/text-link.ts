/**
 * How a link in text or a table looks (issue 26: names that opened something were black text,
 * found only by hovering): the brand colour, underlined on hover, with the focus ring. Buttons
 * that open a drawer from a name look the same, since to a person they are links.
 */
export const textLink =
  'rounded-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';
