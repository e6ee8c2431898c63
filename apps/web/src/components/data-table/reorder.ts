/**
 * Drag reorder on a paged list: the server numbers positions 1..n in the order of the ids it gets,
 * so a reorder on page 3 must send every id. The page's new order replaces that page's slice of
 * the full order; ids that moved meanwhile (another user) keep their relative place.
 */
export function mergePageOrder<Id>(allIds: readonly Id[], pageIds: readonly Id[], offset: number): Id[] {
  const onPage = new Set(pageIds);
  const rest = allIds.filter((id) => !onPage.has(id));
  const at = Math.max(0, Math.min(offset, rest.length));
  return [...rest.slice(0, at), ...pageIds, ...rest.slice(at)];
}

/** Drag is offered only when the rows on screen are the position order itself. */
export function canReorder(state: { search: string; sort?: string; order: 'asc' | 'desc'; tags?: string[] }, positionField: string): boolean {
  return !state.search.trim() && !state.tags?.length && (state.sort === undefined || state.sort === positionField) && state.order === 'asc';
}
