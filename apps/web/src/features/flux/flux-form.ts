import { fluxContent, fluxToActivitiesBody, fluxToClientsBody, MSG } from '@app/domain';
import { z } from 'zod';

/** The optional image of every tab. */
const image = z.custom<File | null | undefined>((v) => v == null || (typeof File !== 'undefined' && v instanceof File)).optional();
/** The codes file of 'Mutiple': CSV or plain text, checked again by the server. */
const codesFile = z
  .custom<File>((v) => typeof File !== 'undefined' && v instanceof File, { error: MSG.fileRequired })
  .refine((f) => /\.(csv|txt)$/i.test(f.name) && (f.type === '' || f.type === 'text/csv' || f.type === 'text/plain' || f.type === 'application/vnd.ms-excel'), {
    error: 'Seul un fichier CSV ou texte est accepté.',
  });

export const clientsTabForm = fluxToClientsBody.extend({ IMAGE: image });
export const fileTabForm = fluxContent.extend({ CLIENTS_FILE: codesFile, IMAGE: image });
export const activitiesTabForm = fluxToActivitiesBody.extend({ IMAGE: image });

/** The multipart body of a send: TITLE, MESSAGE, NAME[i] for each id, the codes file and the image. */
export function fluxFormData(
  values: { TITLE: string; MESSAGE: string; IMAGE?: File | null; CLIENTS_FILE?: File },
  list?: { name: 'DESTINATION' | 'ACTIVITIES'; ids: number[] },
): FormData {
  const data = new FormData();
  data.append('TITLE', values.TITLE);
  data.append('MESSAGE', values.MESSAGE);
  for (const [i, id] of (list?.ids ?? []).entries()) data.append(`${list!.name}[${i}]`, String(id));
  if (values.CLIENTS_FILE) data.append('CLIENTS_FILE', values.CLIENTS_FILE, values.CLIENTS_FILE.name);
  if (values.IMAGE) data.append('file', values.IMAGE, values.IMAGE.name);
  return data;
}
