import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { allRowsKey } from '../data-table/query-keys';

export interface Option {
  label: string;
  value: string | number;
}

/** Where a select reads its options: a resource listed without `page` (all rows). */
export interface OptionSource<Row = Record<string, unknown>> {
  path: string;
  /** Reply field shown (default NAME), or a function (e.g. CODE_CLIENT followed by NAME). */
  label?: string | ((row: Row) => string);
  /** Reply field sent (default id). */
  value?: string;
  /** Extra query (sort...). */
  query?: Record<string, string | number>;
}

export function toOptions<Row>(rows: Row[], source: Pick<OptionSource<Row>, 'label' | 'value'>): Option[] {
  const label = source.label ?? 'NAME';
  const value = source.value ?? 'id';
  return rows.map((row) => {
    const r = row as Record<string, unknown>;
    return { label: typeof label === 'function' ? label(row) : String(r[label] ?? ''), value: r[value] as string | number };
  });
}

/** Options of a select, cached under the resource's key so saving that resource refreshes them. */
export function useOptions<Row>(source: OptionSource<Row> | undefined, fixed?: Option[]) {
  const query = { sort: 'NAME', order: 'asc', ...source?.query };
  const result = useQuery({
    queryKey: allRowsKey(source?.path ?? '', query),
    queryFn: () => api.get<Row[]>(source?.path ?? '', query),
    enabled: !!source && !fixed,
    select: (rows) => toOptions(rows, source ?? {}),
  });
  return { options: fixed ?? result.data ?? [], loading: !!source && !fixed && result.isLoading };
}
