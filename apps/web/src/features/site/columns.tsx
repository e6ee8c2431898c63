import type { Block } from '@app/domain';
import type { ColumnDef } from '../../components/data-table';

/** A section's blocks (spec 3 §2.5): position, image, key, French and English titles. */
export const blockColumns: ColumnDef<Block>[] = [
  { field: 'position', header: 'Position', sortable: true, width: '6rem' },
  { field: 'MEDIA.original_url', header: 'Image', kind: 'image', width: '6rem' },
  { field: 'key', header: 'Clé', sortable: true, width: '10rem' },
  { field: 'title_fr', header: 'Titre (FR)', sortable: true },
  { field: 'title_en', header: 'Titre (EN)', sortable: true },
];
