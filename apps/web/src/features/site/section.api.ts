import type { PageKey, Section } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { fetchSection, sectionQueryKey } from './site-api';

/** The page editor's section calls (SectionPanel); apart from site-api so the blocks list does not load them. */
export const useSection = (page: PageKey, key: string) => useQuery({ queryKey: sectionQueryKey(page, key), queryFn: () => fetchSection(page, key) });

/** A section's text (its files follow, one call each). */
export const saveSection = (id: number, body: Record<string, unknown>) => api.put<Section>(`sections/${id}`, body);
export const uploadSectionMedia = (id: number, kind: 'img' | 'video' | 'file', file: File) => {
  const data = new FormData();
  data.append('file', file);
  return api.post(`sections/${id}/${kind}`, data);
};
export const deleteSectionMedia = (id: number, mediaId: number) => api.delete(`sections/${id}/media/${mediaId}`);
