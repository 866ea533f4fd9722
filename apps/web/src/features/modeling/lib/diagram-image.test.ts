import { describe, expect, it } from 'vitest';
import { fileBaseName } from './diagram-image';

describe('fileBaseName', () => {
  it('makes a file name from a canvas name', () => {
    expect(fileBaseName('Shop v2')).toBe('shop-v2');
    expect(fileBaseName('  Café / Orders  ')).toBe('cafe-orders');
    expect(fileBaseName('???')).toBe('canvas');
  });
});
