import { describe, expect, it } from 'vitest';
import { publicConfigSchema } from '@portal/contract/config';
import { parsePublicConfig } from './config';

const answers: unknown[] = [
  { portal_name: 'P', google: null },
  { portal_name: 'P', google: { client_id: 'id', auth_url: 'https://accounts.example/o' } },
  { portal_name: 'P', google: null, extra: 1 },
  { portal_name: 'P', google: { client_id: 'id', auth_url: 'u', scope: 'x' } },
  { portal_name: 'P' },
  { portal_name: 1, google: null },
  { portal_name: 'P', google: { client_id: 'id' } },
  { portal_name: 'P', google: { client_id: 1, auth_url: 'u' } },
  { portal_name: 'P', google: [] },
  [],
  null,
  'P',
];

describe('parsePublicConfig', () => {
  it.each(answers)('answers %j as the contract schema does', (answer) => {
    const expected = publicConfigSchema.safeParse(answer);
    if (expected.success) expect(parsePublicConfig(answer)).toEqual(expected.data);
    else expect(() => parsePublicConfig(answer)).toThrow(TypeError);
  });
});
