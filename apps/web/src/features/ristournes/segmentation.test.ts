import { describe, expect, it } from 'vitest';
import { clientCount, handleLabel, keyedRange, ordered, rangeText, readRange, writeRange } from './segmentation';

describe('segmentation range in the URL', () => {
  it('has no range before the first « Modifier »', () => {
    expect(readRange(new URLSearchParams(''))).toBeNull();
    expect(readRange(new URLSearchParams('min=3000'))).toBeNull();
    expect(readRange(new URLSearchParams('min=abc&max=6000'))).toBeNull();
  });

  it('reads the applied range, clamped to 0–10,000 and in order', () => {
    expect(readRange(new URLSearchParams('min=3000&max=6000'))).toEqual([3000, 6000]);
    expect(readRange(new URLSearchParams('min=6000&max=3000'))).toEqual([3000, 6000]);
    expect(readRange(new URLSearchParams('min=0&max=99999'))).toEqual([0, 10000]);
  });

  it('writes the range in order, keeps other parameters, and sends the clients list back to page 1', () => {
    const next = writeRange(new URLSearchParams('clients.page=4&clients.perPage=100&x=1'), [7000, 2000]);
    expect(next.get('min')).toBe('2000');
    expect(next.get('max')).toBe('7000');
    expect(next.has('clients.page')).toBe(false);
    expect(next.get('clients.perPage')).toBe('100');
    expect(next.get('x')).toBe('1');
  });
});

describe('segmentation texts', () => {
  it('shows the range in dinars, whichever handle is ahead', () => {
    expect(rangeText([3000, 6000])).toBe('3\u00a0000,000 DT – 6\u00a0000,000 DT');
    expect(rangeText([6000, 3000])).toBe(rangeText([3000, 6000]));
    expect(ordered([5, 1])).toEqual([1, 5]);
  });

  it('names each slider handle after the bound it holds, even once crossed', () => {
    expect([handleLabel([3000, 6000], 0), handleLabel([3000, 6000], 1)]).toEqual(['CA N-1 minimum', 'CA N-1 maximum']);
    expect([handleLabel([7000, 6000], 0), handleLabel([7000, 6000], 1)]).toEqual(['CA N-1 maximum', 'CA N-1 minimum']);
    expect([handleLabel([5000, 5000], 0), handleLabel([5000, 5000], 1)]).toEqual(['CA N-1 minimum', 'CA N-1 maximum']);
  });

  it('counts clients in French', () => {
    expect([clientCount(0), clientCount(1), clientCount(2), clientCount(1234)]).toEqual(['0 client', '1 client', '2 clients', '1\u00a0234 clients']);
  });
});

describe('keyedRange', () => {
  it('moves the pressed bound by its step, within the scale, never past the other bound', () => {
    expect(keyedRange([1000, 6000], 0, 'ArrowRight')).toEqual([1100, 6000]);
    expect(keyedRange([1000, 6000], 1, 'PageDown')).toEqual([1000, 5000]);
    expect(keyedRange([1000, 6000], 0, 'Home')).toEqual([0, 6000]);
    expect(keyedRange([1000, 6000], 0, 'End')).toEqual([6000, 6000]);
    expect(keyedRange([1000, 6000], 1, 'End')).toEqual([1000, 10000]);
    expect(keyedRange([1000, 6000], 1, 'Home')).toEqual([1000, 1000]);
    expect(keyedRange([0, 6000], 0, 'PageDown')).toEqual([0, 6000]);
    expect(keyedRange([0, 10000], 1, 'PageUp')).toEqual([0, 10000]);
  });

  it('takes the bound a crossed handle stands for, and ignores other keys', () => {
    // Handle 0 dragged past handle 1: it is the maximum now.
    expect(keyedRange([7000, 2000], 0, 'ArrowUp')).toEqual([2000, 7100]);
    expect(keyedRange([3000, 3000], 1, 'ArrowDown')).toEqual([3000, 3000]);
    expect(keyedRange([3000, 3000], 0, 'ArrowDown')).toEqual([2900, 3000]);
    expect(keyedRange([1000, 6000], 0, 'Tab')).toBeNull();
    expect(keyedRange([1000, 6000], 0, 'a')).toBeNull();
  });

  it('whatever keys are pressed, both bounds stay numbers in 0–10,000 and in order', () => {
    const keys = ['Home', 'End', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown'];
    let range: readonly [number, number] = [2500, 6000];
    for (let i = 0; i < 500; i++) {
      const next = keyedRange(range, (i % 3 === 0 ? 1 : 0) as 0 | 1, keys[(i * 7) % keys.length]);
      if (next) range = next;
      expect(Number.isFinite(range[0]) && Number.isFinite(range[1])).toBe(true);
      expect(range[0]).toBeGreaterThanOrEqual(0);
      expect(range[1]).toBeLessThanOrEqual(10000);
      expect(range[0]).toBeLessThanOrEqual(range[1]);
    }
  });
});
