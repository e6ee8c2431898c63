import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { PAGE_LINKS } from './page-report';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('paginator report', () => {
  it('reads « 51 à 100 sur 5 200 » in a real DataTable, its numbers grouped by thousands', () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    const rows = Array.from({ length: 50 }, (_, i) => ({ id: 51 + i }));
    act(() =>
      root.render(
        <DataTable value={rows} dataKey="id" lazy paginator first={50} rows={50} totalRecords={5200} paginatorTemplate={PAGE_LINKS} onPage={() => {}}>
          <Column field="id" header="N°" />
        </DataTable>,
      ),
    );
    const report = host.querySelector('.p-paginator-current');
    expect(report?.textContent).toBe('51 à 100 sur 5\u00a0200');
    expect(report?.getAttribute('aria-live')).toBe('polite');
    act(() => root.unmount());
    host.remove();
  });
});
