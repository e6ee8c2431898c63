import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TableToolbar } from './TableToolbar';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;

beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const totalShown = (total: number | undefined) => {
  act(() => root.render(<TableToolbar total={total} />));
  return host.querySelector('.dt-total')?.textContent ?? null;
};

describe('list toolbar', () => {
  it('shows the total in French: grouped by thousands, singular up to one', () => {
    expect(totalShown(0)).toBe('0 élément');
    expect(totalShown(1)).toBe('1 élément');
    expect(totalShown(297)).toBe('297 éléments');
    expect(totalShown(5200)).toBe('5\u00a0200 éléments');
    expect(totalShown(100_000)).toBe('100\u00a0000 éléments');
    // Not known yet: nothing rather than a wrong count.
    expect(totalShown(undefined)).toBeNull();
  });
});
