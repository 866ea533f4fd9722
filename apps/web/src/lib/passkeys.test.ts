import { describe, expect, it } from 'vitest';
import { passkeyProblem, passkeysAvailable } from './passkeys';

describe('passkeysAvailable', () => {
  it('is never on a bare IP address, where WebAuthn refuses to work', () => {
    Object.defineProperty(window, 'PublicKeyCredential', {
      value: function () {},
      configurable: true,
    });
    expect(passkeysAvailable({ hostname: 'localhost' })).toBe(true);
    expect(passkeysAvailable({ hostname: 'portal.studio.test' })).toBe(true);
    expect(passkeysAvailable({ hostname: '127.0.0.1' })).toBe(false);
    expect(passkeysAvailable({ hostname: '[::1]' })).toBe(false);
  });
});

describe('passkeyProblem', () => {
  const named = (name: string) => Object.assign(new Error('x'), { name });
  it('words the browser’s refusals and leaves other failures to the usual report', () => {
    expect(passkeyProblem(named('NotAllowedError'))).toMatch(/cancelled or timed out/);
    expect(passkeyProblem(named('InvalidStateError'))).toMatch(/already holds a passkey/);
    expect(passkeyProblem(new Error('Network down'))).toBeNull();
    expect(passkeyProblem('nope')).toBeNull();
  });
});
