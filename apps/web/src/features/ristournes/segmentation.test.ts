import { describe, expect, it } from 'vitest';
import { clientCount, handleLabel, ordered, rangeText, readRange, writeRange } from './segmentation';

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
