import type { Client } from '@app/domain';
import { type FileValue, isNewFile } from '../../components/fields';
import { api } from '../../lib/api';

/**
 * The client's image travels apart from its fields (POST clients/{id}/image, multipart field
 * `file`), after the save and only when it changed: a new file is uploaded, a removed one deleted,
 * an unchanged URL left alone.
 */
export async function syncClientImage(saved: Client, file: FileValue | undefined, before: Client | null): Promise<void> {
  if (isNewFile(file)) {
    const body = new FormData();
    body.append('file', file);
    await api.post<Client>(`clients/${saved.id}/image`, body);
    return;
  }
  const media = before?.MEDIA ?? saved.MEDIA;
  if (file === null && media) await api.delete(`clients/${saved.id}/media/${media.id}`);
}
