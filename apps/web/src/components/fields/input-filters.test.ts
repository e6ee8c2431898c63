import { describe, expect, it } from 'vitest';
import { filterDecimal, filterDigits, filterPhone } from './input-filters';

describe('keystroke filters', () => {
  it('phone: digits and one leading plus, 20 characters', () => {
    expect(filterPhone('+216 98-765 432')).toBe('+21698765432');
    expect(filterPhone('98+76')).toBe('9876');
    expect(filterPhone('++1')).toBe('+1');
    expect(filterPhone('1'.repeat(30))).toHaveLength(20);
  });

  it('decimal: one point, three decimals, comma accepted', () => {
    expect(filterDecimal('12,3456')).toBe('12.345');
    expect(filterDecimal('1.2.3')).toBe('1.23');
    expect(filterDecimal('abc')).toBe('');
    expect(filterDecimal('7.5', 0)).toBe('75');
    expect(filterDecimal('9'.repeat(40))).toHaveLength(30);
  });

  it('digits only', () => {
    expect(filterDigits('a1b2')).toBe('12');
  });
});
