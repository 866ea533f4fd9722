import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** WebAuthn authenticator data flags: user present, user verified, attested credential data. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export type CreationOptions = {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
};
export type RequestOptions = { challenge: string; rpId?: string };

/**
 * A software passkey for server tests: an ES256 key pair that answers registration and sign-in
 * exactly as a platform authenticator does (attestation "none", user verified), so the real
 * WebAuthn verification runs against it. The browser tests use Chromium's own virtual
 * authenticator instead.
 */
export const createTestAuthenticator = (origin: string, rpId: string) => {
  const credentialId = randomBytes(32);
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  let userHandle = '';
  let counter = 0;

  const coseKey = (key: KeyObject) => {
    const jwk = key.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
  };

  const authenticatorData = (flags: number, attested?: Uint8Array) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  };

  const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentialId: b64url(credentialId),
    /** Answers `navigator.credentials.create()`; `verified: false` leaves out the fingerprint. */
    register: (options: CreationOptions, { verified = true, as = origin } = {}) => {
      userHandle = options.user.id;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([
        Buffer.alloc(16),
        idLength,
        credentialId,
        coseKey(publicKey),
      ]);
      const authData = authenticatorData(UP | AT | (verified ? UV : 0), attested);
      const data = JSON.parse(
        clientData('webauthn.create', options.challenge).toString(),
      ) as object;
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(Buffer.from(JSON.stringify({ ...data, origin: as }))),
          attestationObject: b64url(
            isoCBOR.encode(
              new Map<string, string | Map<string, string> | Uint8Array>([
                ['fmt', 'none'],
                ['attStmt', new Map<string, string>()],
                ['authData', authData],
              ]),
            ),
          ),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /** Answers `navigator.credentials.get()` with a signature over the challenge. */
    signIn: (options: RequestOptions, { verified = true } = {}) => {
      const authData = authenticatorData(UP | (verified ? UV : 0));
      const data = clientData('webauthn.get', options.challenge);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle,
        },
        clientExtensionResults: {},
      };
    },
    /** A signature counter that moves on, as a hardware key's does. */
    tick: () => {
      counter += 1;
    },
  };
};
