import type { ClientType } from '@app/domain';
import { type FileValue, isNewFile } from '../../components/fields';
import { api } from '../../lib/api';

/**
 * The image of a client type is sent apart from its fields (multipart, field `file`), and only
 * when it changed: a new file is uploaded, a removed one is deleted, an unchanged URL is left alone.
 */
export async function syncClientTypeImage(saved: ClientType, file: FileValue | undefined, before: ClientType | null): Promise<void> {
  if (isNewFile(file)) {
    const body = new FormData();
    body.append('file', file);
    await api.post<ClientType>(`typeclients/media/${saved.id}`, body);
    return;
  }
  const media = before?.MEDIA ?? saved.MEDIA;
  if (file == null && media) await api.delete(`typeclients/${saved.id}/media/${media.id}`);
}
