import { describe, expect, it } from 'vitest';
import { passwordResetEmail, verificationEmail } from './emails';

const LINK = 'http://portal.test/verify-email/MQ/abc-def';

describe('link emails', () => {
  it('carry the portal name, the link and how long it works, as text and HTML', () => {
    const email = verificationEmail({
      to: 'ann@example.test',
      portalName: 'Acme Portal',
      link: LINK,
      validSeconds: 3 * 24 * 3600,
    });
    expect(email.to).toBe('ann@example.test');
    expect(email.subject).toBe('Verify your email address for Acme Portal');
    for (const part of [email.text, email.html ?? '']) {
      expect(part).toContain('Acme Portal');
      expect(part).toContain(LINK);
      expect(part).toContain('valid for 3 days');
    }
    expect(email.html).toContain(`href="${LINK}"`);
  });

  it('states a one-day validity in hours', () => {
    const email = passwordResetEmail({
      to: 'ann@example.test',
      portalName: 'Acme Portal',
      link: LINK.replace('verify-email', 'password-reset'),
      validSeconds: 24 * 3600,
    });
    expect(email.subject).toBe('Reset your Acme Portal password');
    expect(email.text).toContain('valid for 24 hours');
  });

  it('escapes the portal name in HTML', () => {
    const email = verificationEmail({
      to: 'ann@example.test',
      portalName: 'R&D <Studio>',
      link: LINK,
      validSeconds: 3600,
    });
    expect(email.html).toContain('R&amp;D &lt;Studio&gt;');
    expect(email.html).not.toContain('<Studio>');
    expect(email.text).toContain('R&D <Studio>');
    expect(email.text).toContain('valid for 1 hour.');
  });
});
