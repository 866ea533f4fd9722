import { describe, expect, it } from 'vitest';
import type { EmailBrand } from '../../mail/format';
import { passwordResetEmail, verificationEmail } from './emails';

const brand = (name: string, more: Partial<EmailBrand> = {}): EmailBrand => ({
  name,
  logoUrl: null,
  accentColor: '#0f766e',
  website: '',
  footer: '',
  ...more,
});

const LINK = 'http://portal.test/verify-email/MQ/abc-def';

describe('link emails', () => {
  it('carry the portal name, the link and how long it works, as text and HTML', () => {
    const email = verificationEmail({
      to: 'ann@example.test',
      brand: brand('Acme Portal'),
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
    expect(email.fromName).toBe('Acme Portal');
  });

  it("wear the studio's logo, colour, footer and website", () => {
    const email = verificationEmail({
      to: 'ann@example.test',
      brand: brand('Northwind', {
        logoUrl: 'http://portal.test/media/studio/logo.png',
        footer: 'Northwind Design Studio · 1 Harbour Street',
        website: 'https://northwind.example',
      }),
      link: LINK,
      validSeconds: 3600,
    });
    expect(email.html).toContain(
      '<img src="http://portal.test/media/studio/logo.png" alt="Northwind"',
    );
    expect(email.html).toContain('background:#0f766e');
    for (const part of [email.text, email.html ?? '']) {
      expect(part).toContain('Northwind Design Studio · 1 Harbour Street');
      expect(part).toContain('https://northwind.example');
    }
  });

  it('states a one-day validity in hours', () => {
    const email = passwordResetEmail({
      to: 'ann@example.test',
      brand: brand('Acme Portal'),
      link: LINK.replace('verify-email', 'password-reset'),
      validSeconds: 24 * 3600,
    });
    expect(email.subject).toBe('Reset your Acme Portal password');
    expect(email.text).toContain('valid for 24 hours');
  });

  it('escapes the portal name in HTML', () => {
    const email = verificationEmail({
      to: 'ann@example.test',
      brand: brand('R&D <Studio>'),
      link: LINK,
      validSeconds: 3600,
    });
    expect(email.html).toContain('R&amp;D &lt;Studio&gt;');
    expect(email.html).not.toContain('<Studio>');
    expect(email.text).toContain('R&D <Studio>');
    expect(email.text).toContain('valid for 1 hour.');
  });
});
