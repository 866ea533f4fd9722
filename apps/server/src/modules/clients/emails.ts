import type { Email } from '../../mail/outbox';
import { linkEmail, type LinkEmail } from '../auth/emails';

/** The message to someone a staff member added to a client by an address with no account. */
export const invitationEmail = (
  params: LinkEmail & { inviterName: string; clientName: string },
): Email =>
  linkEmail(params, {
    subject: `${params.inviterName} invited you to ${params.brand.name}`,
    intro: `${params.inviterName} invited you to follow ${params.clientName}'s projects on ${params.brand.name}. To choose your password and sign in, open this link:`,
    action: 'Accept the invitation',
    ignore: 'If you were not expecting this invitation, you can ignore this email.',
  });
