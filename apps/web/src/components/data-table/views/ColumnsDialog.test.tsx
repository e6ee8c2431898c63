// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ColumnsDialog from './ColumnsDialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const columns = [
  { field: 'NUM', header: 'N°' },
  { field: 'DATE', header: 'Date' },
  { field: 'DEST', header: 'Destination' },
  { field: 'CDZ', header: 'CDZ' },
];
let shownNow: string[] = [];
function Harness() {
  const [shown, setShown] = useState(columns.map((c) => c.field));
  shownNow = shown;
  return <ColumnsDialog visible columns={columns} shown={shown} onChange={setShown} onHide={() => {}} />;
}

let root: Root;
let host: HTMLElement;
beforeEach(async () => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () => root.render(<Harness />));
});
afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
});

const box = (f: string) => document.getElementById(`col-${f}`) as HTMLInputElement;
const up = (label: string) => document.querySelector(`button[aria-label="Monter « ${label} »"]`) as HTMLButtonElement;

describe('column chooser', () => {
  it('hides and shows a column, moves one up, never hides the first', async () => {
    expect(box('NUM').disabled).toBe(true);
    await act(async () => box('DEST').click());
    expect(shownNow).toEqual(['NUM', 'DATE', 'CDZ']);
    expect(box('DEST').checked).toBe(false);
    await act(async () => up('CDZ').click());
    await act(async () => up('CDZ').click());
    expect(shownNow).toEqual(['NUM', 'CDZ', 'DATE']);
    await act(async () => box('DEST').click());
    expect(shownNow).toEqual(['NUM', 'CDZ', 'DATE', 'DEST']);
  });
});
