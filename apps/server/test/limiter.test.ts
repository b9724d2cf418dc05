/** Login attempt limits (pure): per account and per address within the window. */
import { describe, it, expect } from 'vitest';
import { LOGIN_LIMITS, LoginLimiter } from '../src/limiter.ts';

describe('LoginLimiter', () => {
  it('blocks an account after PER_ACCOUNT failures, from any address, until the window passes', () => {
    const l = new LoginLimiter();
    for (let i = 0; i < LOGIN_LIMITS.PER_ACCOUNT; i++) {
      expect(l.allowed('Alice', `10.0.0.${i}`, 1000)).toBe(true);
      l.failed('Alice', `10.0.0.${i}`, 1000);
    }
    expect(l.allowed('alice', '10.9.9.9', 1001)).toBe(false);
    expect(l.allowed('bob', '10.9.9.9', 1001)).toBe(true);
    expect(l.allowed('alice', '10.9.9.9', 1000 + LOGIN_LIMITS.WINDOW_MS)).toBe(true);
  });
  it('blocks an address after PER_ADDRESS failures across accounts; a success clears the account only', () => {
    const l = new LoginLimiter();
    for (let i = 0; i < LOGIN_LIMITS.PER_ADDRESS; i++) l.failed(`user${i}`, '192.168.1.1', 5000);
    expect(l.allowed('someone-else', '192.168.1.1', 5001)).toBe(false);
    expect(l.allowed('someone-else', '192.168.1.2', 5001)).toBe(true);
    l.failed('carol', '1.1.1.1', 5000);
    l.succeeded('carol');
    expect(l.allowed('carol', '1.1.1.1', 5001)).toBe(true);
  });
});
