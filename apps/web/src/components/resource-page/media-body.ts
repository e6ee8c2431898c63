import { api } from '../../lib/api';
import { type FileValue, isNewFile } from '../fields';

interface WithMedia {
  id: number;
  MEDIA?: { id: number } | null;
}

/**
 * Body of a save whose form holds an image under `file`: a new row is ONE form-data call with its
 * fields and the file (POST categories / sub_categories take form data, file field MEDIA),
 * so a refused image leaves no row; an edit sends its fields as JSON and the image apart (syncImage).
 */
export function mediaFormBody<V extends { file?: FileValue | null }>(values: V, before: unknown): unknown {
  const { file, ...fields } = values;
  if (before) return fields;
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value != null) data.append(key, String(value));
  if (isNewFile(file)) data.append('MEDIA', file);
  return data;
}

/** After an edit: uploads a newly chosen image (POST {path}/media/{id}), or deletes a removed one. */
export async function syncImage(path: string, saved: WithMedia, file: FileValue | null | undefined, before: WithMedia | null): Promise<void> {
  if (!before) return;
  if (isNewFile(file)) {
    const data = new FormData();
    data.append('file', file);
    await api.post(`${path}/media/${saved.id}`, data);
  } else if (file == null && before.MEDIA) {
    await api.delete(`${path}/${saved.id}/media/${before.MEDIA.id}`);
  }
}
