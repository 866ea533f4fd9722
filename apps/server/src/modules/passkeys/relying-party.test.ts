import { describe, expect, it } from 'vitest';
import { relyingParty } from './relying-party';

describe('relyingParty', () => {
  it('is the public address’s domain and origin', () => {
    expect(relyingParty('https://portal.studio.test', 'Studio')).toEqual({
      id: 'portal.studio.test',
      name: 'Studio',
      origin: 'https://portal.studio.test',
    });
    expect(relyingParty('http://localhost:8000', 'S').origin).toBe('http://localhost:8000');
  });

  it('moves a bare IP address to localhost on the same port, as WebAuthn refuses addresses', () => {
    expect(relyingParty('http://127.0.0.1:8765', 'S')).toEqual({
      id: 'localhost',
      name: 'S',
      origin: 'http://localhost:8765',
    });
    expect(relyingParty('http://[::1]:9000', 'S').origin).toBe('http://localhost:9000');
  });
});
