import type { SegmentationSummary } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { Range } from './segmentation';

export const SEGMENTATION_PATH = 'ristournes/segmentation';
export const SEGMENTED_CLIENTS_PATH = 'ristournes/segmentation/clients';

/** GET ristournes/segmentation?min=&max=: the count by activity of the applied range (none before « Modifier »). */
export function useSegmentation(range: Range | null) {
  return useQuery({
    queryKey: [SEGMENTATION_PATH, range?.[0], range?.[1]],
    queryFn: () => api.get<SegmentationSummary>(SEGMENTATION_PATH, { min: range![0], max: range![1] }),
    enabled: !!range,
  });
}
