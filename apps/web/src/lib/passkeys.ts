/**
 * What the sign-in page and Profile share about passkeys (issue 27); the WebAuthn library itself
 * is loaded only when one is used.
 */

const IP_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/**
 * Whether this browser, on this address, can use passkeys: WebAuthn needs a secure origin with
 * a name — never a bare IP address (the server offers them on `localhost` then; decision 0049).
 */
export const passkeysAvailable = (location: Pick<Location, 'hostname'> = window.location) =>
  typeof window !== 'undefined' &&
  typeof window.PublicKeyCredential === 'function' &&
  !IP_ADDRESS.test(location.hostname);

/**
 * The browser's refusal in words, or null for anything that is not the browser's (a server
 * answer, a lost connection): those are reported as usual.
 */
export const passkeyProblem = (error: unknown): string | null => {
  if (!(error instanceof Error)) return null;
  switch (error.name) {
    case 'NotAllowedError':
    case 'AbortError':
      return 'The passkey request was cancelled or timed out.';
    case 'InvalidStateError':
      return 'This device already holds a passkey for your account.';
    case 'SecurityError':
      return 'Passkeys cannot be used at this address.';
    case 'NotSupportedError':
      return 'This device cannot create a passkey.';
    default:
      return null;
  }
};
