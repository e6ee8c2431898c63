import type { SegmentationFigures, SegmentationSummary } from '@app/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { ordered, type Range } from './segmentation';

export const SEGMENTATION_PATH = 'ristournes/segmentation';
export const SEGMENTED_CLIENTS_PATH = 'ristournes/segmentation/clients';
export const SEGMENTATION_FIGURES_PATH = 'ristournes/segmentation/figures';
/** Pause after the last slider move before the live figures are asked. */
export const FIGURES_DEBOUNCE_MS = 300;

/** GET ristournes/segmentation?min=&max=: the count by activity of the applied range (none before « Modifier »). */
export function useSegmentation(range: Range | null) {
  return useQuery({
    queryKey: [SEGMENTATION_PATH, range?.[0], range?.[1]],
    queryFn: () => api.get<SegmentationSummary>(SEGMENTATION_PATH, { min: range![0], max: range![1] }),
    enabled: !!range,
  });
}

/**
 * GET ristournes/segmentation/figures?min=&max=: the live figures under the slider, asked
 * FIGURES_DEBOUNCE_MS after the handles stop; the previous figures stay shown while the next load.
 */
export function useSegmentationFigures(range: Range) {
  const [min, max] = ordered(range);
  const [asked, setAsked] = useState<Range>([min, max]);
  useEffect(() => {
    const timer = setTimeout(() => setAsked([min, max]), FIGURES_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [min, max]);
  const query = useQuery({
    queryKey: [SEGMENTATION_FIGURES_PATH, asked[0], asked[1]],
    queryFn: () => api.get<SegmentationFigures>(SEGMENTATION_FIGURES_PATH, { min: asked[0], max: asked[1] }, { quiet: true }),
    placeholderData: keepPreviousData,
  });
  return { ...query, pending: asked[0] !== min || asked[1] !== max || query.isPlaceholderData };
}
