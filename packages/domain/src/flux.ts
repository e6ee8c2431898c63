import { z } from 'zod';
import type { Media } from './classification';
import { integer, requiredText } from './fields';

/** Flux notifications: a title and a message sent to clients of the mobile app. */

export const FLUX_PAGE_SIZE = 50;
/** Recipients the view lists by name (the count says the rest). */
export const FLUX_FIRST_RECIPIENTS = 20;

export const FLUX_MSG = {
  messageRequired: 'Le message est obligatoire.',
  /** The app's inbox: a notification unknown, or not sent to the user's client. */
  notificationUnknown: 'Notification introuvable.',
  clientsRequired: 'Choisissez au moins un client actif.',
  activitiesRequired: 'Choisissez au moins une activité.',
  noActiveClient: 'Aucun client actif dans les activités choisies.',
  inactive: 'Client inactif.',
  notFound: 'Client introuvable.',
  fileRequired: 'Le fichier CSV des codes clients est obligatoire.',
  fileType: 'Seul un fichier CSV ou texte est accepté.',
  fileProblems: (n: number) => `${n} ligne${n > 1 ? 's' : ''} du fichier à corriger : rien n'a été envoyé.`,
  sent: (n: number) => `Notification envoyée à ${n} client${n > 1 ? 's' : ''}.`,
} as const;

/** The text of a rich-text message: tags dropped, entities read, spaces folded (the list shows it so). */
export function fluxPlainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** TITLE and MESSAGE of every tab: a message with no text (an empty editor's `<p><br></p>`) is none. */
export const fluxContent = z.object({
  TITLE: requiredText(150),
  MESSAGE: z
    .string({ error: FLUX_MSG.messageRequired })
    .max(20_000)
    .refine((v) => fluxPlainText(v).length > 0, { error: FLUX_MSG.messageRequired }),
});

const ids = (message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z.array(integer({ min: 1, invalid: message, empty: message }), { error: message }).min(1, { error: message }),
  );

/** 'Clients actifs': the chosen clients (DESTINATION[i]). */
export const fluxToClientsBody = fluxContent.extend({ DESTINATION: ids(FLUX_MSG.clientsRequired) });
/** 'Par Activité': every active client of the chosen activities (ACTIVITIES[i]). */
export const fluxToActivitiesBody = fluxContent.extend({ ACTIVITIES: ids(FLUX_MSG.activitiesRequired) });

export interface FluxRow {
  id: number;
  TITLE: string;
  MESSAGE: string;
  /** MESSAGE without its HTML, for the list and the exports. */
  MESSAGE_TEXT: string;
  DATE: string;
  RECIPIENTS: number;
  MEDIA: Media | null;
}

export interface FluxDetail extends FluxRow {
  /** The first recipients by code (FLUX_FIRST_RECIPIENTS at most). */
  DESTINATION: { CLIENT_ID: number; CODE_CLIENT: string; NAME: string }[];
  ACTIVITIES: { id: number; CODE: string | null; NAME: string }[];
}

/** A line of the codes file that cannot be sent to. */
export interface FluxFileProblem {
  line: number;
  code: string;
  message: string;
}
