import { blocksMeta } from '@app/domain';
import type { Block } from '@app/domain';
import { type ColumnDef, withLabels } from '../../components/data-table';

/** A section's blocks: position, image, key, French and English titles. */
export const blockColumns: ColumnDef<Block>[] = withLabels(blocksMeta, [
  { field: 'position', sortable: true, width: '6rem' },
  { field: 'MEDIA.original_url', kind: 'image', width: '6rem' },
  { field: 'key', sortable: true, width: '10rem' },
  { field: 'title_fr', sortable: true },
  { field: 'title_en', sortable: true },
]);
