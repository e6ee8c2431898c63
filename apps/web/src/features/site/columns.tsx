import { blocksMeta } from '@app/domain';
import type { Block } from '@app/domain';
import { type ColumnDef, withLabels } from '../../components/data-table';

/** A section's blocks: position, image, key, French and English titles. */
export const blockColumns: ColumnDef<Block>[] = withLabels(blocksMeta, [
  { field: 'position', width: '6rem' },
  { field: 'MEDIA.original_url', kind: 'image', width: '6rem' },
  { field: 'key', width: '10rem' },
  { field: 'title_fr' },
  { field: 'title_en' },
]);
