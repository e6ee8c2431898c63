import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readColumns, shownColumns } from './cols-param';

/** The columns the URL shows (`cols=`), the first one always. */
export function useShownColumns<C extends { field: string }>(columns: readonly C[], prefix = ''): C[] {
  const [params] = useSearchParams();
  const cols = params.get(prefix ? `${prefix}.cols` : 'cols');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `cols` is what readColumns reads of params.
  return useMemo(() => shownColumns(columns, readColumns(params, prefix)), [columns, cols, prefix]);
}
