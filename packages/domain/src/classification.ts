import { z } from 'zod';
import { flag01, optionalText, refId, requiredText } from './fields';

/** Client classification: types, circuits, activities, categories. */
export const clientTypeBody = z.object({
  NAME: requiredText(100),
});
export const circuitBody = z.object({
  NAME: requiredText(100),
  DESCRIPTION: optionalText(2000),
});
export const activityBody = z.object({
  NAME: requiredText(100),
  CODE: requiredText(30),
  CIRCUIT: refId(),
  DESCRIPTION: optionalText(2000),
  E_COMMERCE: flag01().default(0),
  FIDELITE: flag01().default(0),
  REMISE_RISTOUNE: flag01().default(0),
});
export const categoryBody = z.object({
  NAME: requiredText(100),
  ACTIVITE: refId(),
  DESCRIPTION: optionalText(2000),
});

export const ACTIVITY_FLAGS = ['E_COMMERCE', 'FIDELITE', 'REMISE_RISTOUNE'] as const;
export const ACTIVITY_FLAG_LABELS: Record<(typeof ACTIVITY_FLAGS)[number], string> = {
  E_COMMERCE: 'E-commerce',
  FIDELITE: 'Fidélité',
  REMISE_RISTOUNE: 'Remise / ristourne',
};

export type ClientTypeBody = z.input<typeof clientTypeBody>;
export type CircuitBody = z.input<typeof circuitBody>;
export type ActivityBody = z.input<typeof activityBody>;
export type CategoryBody = z.input<typeof categoryBody>;

export interface Media {
  id: number;
  original_url: string;
  file_name: string;
  mime_type: string;
  size: number;
}
export interface ClientType {
  id: number;
  ID: number;
  NAME: string;
  position: number;
  MEDIA: Media | null;
}
export interface Circuit {
  id: number;
  ID: number;
  NAME: string;
  DESCRIPTION: string | null;
}
export interface Activity {
  id: number;
  ID: number;
  NAME: string;
  CODE: string;
  CIRCUIT: number;
  CIRCUIT_NAME: string;
  DESCRIPTION: string | null;
  E_COMMERCE: 0 | 1;
  FIDELITE: 0 | 1;
  REMISE_RISTOUNE: 0 | 1;
}
export interface Category {
  id: number;
  ID: number;
  NAME: string;
  ACTIVITE: number;
  ACTIVITE_NAME: string;
  DESCRIPTION: string | null;
}
