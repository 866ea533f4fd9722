import type { HomeSectionKey } from '@portal/contract/home';
import { HOME_RECENT_DAYS } from '@portal/contract/home';

/** What each home section is called, its count tile's label, and what it says when empty. */
export const SECTION_TEXTS: Record<HomeSectionKey, { title: string; tile: string; empty: string }> =
  {
    new_leads: {
      title: 'New website leads',
      tile: 'New leads',
      empty: 'No new leads. Leads from the website form appear here until someone picks them up.',
    },
    versions_waiting: {
      title: 'Waiting for a client decision',
      tile: 'Awaiting decision',
      empty: 'No estimate versions are waiting for a client.',
    },
    versions_decided: {
      title: 'Just decided',
      tile: 'Just decided',
      empty: `No estimate decisions in the last ${HOME_RECENT_DAYS} days.`,
    },
    test_runs: {
      title: 'Test runs completed or signed off',
      tile: 'Test runs',
      empty: `No test runs finished in the last ${HOME_RECENT_DAYS} days.`,
    },
    client_comments: {
      title: 'Recent client comments',
      tile: 'Client comments',
      empty: `No client comments in the last ${HOME_RECENT_DAYS} days.`,
    },
    estimates_to_approve: {
      title: 'Estimates waiting for your approval',
      tile: 'To approve',
      empty: 'Nothing to approve right now.',
    },
    runs_to_sign_off: {
      title: 'Test runs waiting for your sign-off',
      tile: 'To sign off',
      empty: 'No test runs are waiting for your sign-off.',
    },
    studio_replies: {
      title: 'Recent replies from the studio',
      tile: 'Studio replies',
      empty: `No replies from the studio in the last ${HOME_RECENT_DAYS} days.`,
    },
  };
