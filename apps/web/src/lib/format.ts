import { format } from 'date-fns';

/** Spec §9: a comment's time, 'MM/dd/yyyy hh:mm a', in the viewer's time zone. */
export const formatCommentTime = (iso: string): string =>
  format(new Date(iso), 'MM/dd/yyyy hh:mm a');
