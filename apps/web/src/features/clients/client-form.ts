import { CLIENT_CREATE_REQUIRED, CLIENT_STEPS, CLIENT_UPDATE_REQUIRED, type Client, clientCreateBody, clientUpdateBody } from '@app/domain';
import { z } from 'zod';
import type { FileValue } from '../../components/fields';

/**
 * The client form's values, shared by the three-step dialog and the detail page. The form holds
 * text for text and number inputs, ids (or null) for selects, 0/1 for the active flag and the image
 * (a File, the stored URL, or null); the domain schema turns them into the API body.
 */
export type ClientFormValues = Record<string, unknown>;

const file = z.custom<FileValue>((v) => v === null || typeof v === 'string' || (typeof File !== 'undefined' && v instanceof File)).optional();

/** Add validates with the full required list, edit and the detail page with the light one. */
export const clientAddForm = clientCreateBody.extend({ file });
export const clientEditForm = clientUpdateBody.extend({ file });

export const requiredFor = (mode: 'add' | 'edit'): ReadonlySet<string> => new Set<string>(mode === 'add' ? CLIENT_CREATE_REQUIRED : CLIENT_UPDATE_REQUIRED);

/**
 * USERS (the client's mobile-app accounts) is not in the form: absent from the body, the server
 * leaves the attached users as they are. The image travels apart, after the save.
 */
const formFields = (fields: readonly string[]) => fields.filter((f) => f !== 'USERS');

/** The dialog's steps: each validates its own fields (CLIENT_STEPS) before the next. */
export const CLIENT_DIALOG_STEPS = [
  { key: 'identity', label: 'Identité', fields: [...formFields(CLIENT_STEPS.identity), 'file'] },
  { key: 'commercial', label: 'Conditions commerciales', fields: formFields(CLIENT_STEPS.commercial) },
  { key: 'delivery', label: 'Livraison', fields: formFields(CLIENT_STEPS.delivery) },
] as const;

/** The detail page's form: the dialog's fields plus the loyalty phone. */
export const DETAIL_FIELDS = [...CLIENT_DIALOG_STEPS.flatMap((s) => s.fields), 'GSM_FID'] as const;

const ID_FIELDS = new Set(['TYPE_CLIENT_ID', 'CIRCUIT', 'ACTIVITE', 'CATEGORY', 'BADGES_ID', 'CHEF_ZONE_ID']);

/** Form values of a client (null: a new one, En cours and active). */
export function clientFormValues(row: Client | null, fields: readonly string[]): ClientFormValues {
  const values: ClientFormValues = {};
  const r = (row ?? {}) as unknown as Record<string, unknown>;
  for (const f of fields) {
    const v = r[f];
    if (f === 'file') values.file = row?.MEDIA?.original_url ?? null;
    else if (f === 'IS_ACTIVE') values.IS_ACTIVE = row ? (row.IS_ACTIVE ?? 0) : 1;
    else if (f === 'STATUS') values.STATUS = row ? (row.STATUS ?? 0) : 0;
    else if (ID_FIELDS.has(f) || f === 'GOUVERNORAT') values[f] = v ?? null;
    else values[f] = v == null ? '' : String(v);
  }
  return values;
}

/** The body of POST / PUT clients: the schema's output without the image. */
export function clientBody(values: Record<string, unknown>): Record<string, unknown> {
  const { file: _file, ...body } = values;
  return body;
}
