import type { GoodsReturn, returnBody } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';

/** The returns calls; keys start with the resource path so a save refreshes them. */
export const RETURNS_PATH = 'retourMarchandises';
export const returnKey = (id: number | null) => [RETURNS_PATH, 'one', id] as const;

/** Saved in one call with its products; the server numbers it. */
export const createReturn = (body: z.output<typeof returnBody>) => api.post<GoodsReturn>(RETURNS_PATH, body);
/** The return a view dialog shows, with its products. */
export const useReturn = (id: number | null) =>
  useQuery({ queryKey: returnKey(id), queryFn: () => api.get<GoodsReturn>(`${RETURNS_PATH}/${id}`), enabled: id != null });
