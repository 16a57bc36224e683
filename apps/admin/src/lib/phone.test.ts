import { describe, expect, it } from 'vitest';
import { readablePhone } from './phone';

describe('readablePhone', () => {
  it('shows a stored Kenyan mobile number in its local form, anything else as stored', () => {
    expect(readablePhone('+254722111222')).toBe('0722 111 222');
    expect(readablePhone('+254112345678')).toBe('0112 345 678');
    expect(readablePhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(readablePhone('0722 111 222')).toBe('0722 111 222');
    expect(readablePhone(null)).toBeNull();
  });
});
