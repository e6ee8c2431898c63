import { z } from 'zod';
import type { Media } from './classification';
import { email, phone, requiredText } from './fields';

/** Banner, pop-up, configuration entries and the programme's company details. */

/** The older product's message of a failed upload inside a configuration entry's edit. */
export const CONFIG_UPLOAD_FAILED = 'File upload failed.';
export const CONFIG_KEY_PATTERN = /^[A-Z][A-Z0-9_]{1,39}$/;
export const SITE_SETTINGS_MSG = {
  keyFormat: 'La clé : lettres majuscules, chiffres et « _ », 2 à 40 caractères.',
  keyTaken: 'Cette clé existe déjà.',
  fileRequired: 'Le fichier est obligatoire.',
  popupUnknown: 'Image introuvable.',
  settingsExist: 'Les paramètres existent déjà : modifiez-les.',
  settingsMissing: 'Aucun paramètre enregistré : créez-les d’abord.',
} as const;

/** A configuration entry's edit: KEY read-only; NAME, DESCRIPTION (and FILE) required. */
export const configEntryBody = z.object({
  NAME: requiredText(150),
  DESCRIPTION: requiredText(1000),
});
export type ConfigEntryBody = z.infer<typeof configEntryBody>;

/** A new configuration entry: its KEY is given once. */
export const configEntryCreateBody = configEntryBody.extend({
  KEY: z
    .string({ error: 'Ce champ est obligatoire.' })
    .trim()
    .toUpperCase()
    .max(40, { error: SITE_SETTINGS_MSG.keyFormat })
    .regex(CONFIG_KEY_PATTERN, { error: SITE_SETTINGS_MSG.keyFormat }),
});

export interface ConfigEntry {
  id: number;
  KEY: string;
  NAME: string;
  DESCRIPTION: string;
  FILE: Media | null;
}

/** The programme's company details, one row: printed on exit slips, used as the mails' sender name. */
export const companySettingsBody = z.object({
  NAME: requiredText(120),
  TAX_ID: requiredText(40),
  ADDRESS: requiredText(255),
  PHONE: phone(),
  EMAIL: email(),
});
export type CompanySettingsBody = z.infer<typeof companySettingsBody>;

export interface CompanySettings extends CompanySettingsBody {
  /** null until the row is first saved (GET then answers the values the server starts with). */
  id: number | null;
}

/** The public website's banner and pop-up images. */
export interface PublicImage {
  url: string;
  mime_type: string;
}
