import { describe, expect, it } from 'vitest';
import { retryOnDeadlock } from './retry';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('retryOnDeadlock', () => {
  it('runs a deadlock victim again and answers its result', async () => {
    let calls = 0;
    const result = await retryOnDeadlock(async () => {
      calls++;
      if (calls < 3) throw new Error('query failed', { cause: deadlock() });
      return 'moved';
    });
    expect(result).toBe('moved');
    expect(calls).toBe(3);
  });

  it('gives up after three attempts with the deadlock error', async () => {
    let calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls++;
        throw deadlock();
      }),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(calls).toBe(3);
  });

  it('never repeats other failures', async () => {
    let calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls++;
        throw Object.assign(new Error('unique violation'), { code: '23505' });
      }),
    ).rejects.toThrow('unique violation');
    expect(calls).toBe(1);
  });
});
