import { CLIENT_CODES, GOVERNORATES } from '@app/domain';
import type { clients } from '../../lib/clients/clients.table';

/**
 * Coherent generated clients, for the demo (a few hundred) and for benchmarks (100,000): each client's
 * category belongs to its activity, the activity to its circuit; governorates, zone chiefs and dates
 * spread evenly; the same seed gives the same clients.
 */
export interface ClientRefs {
  types: number[];
  /** Categories with the activity and circuit they hang on. */
  categories: { id: number; activityId: number; circuitId: number }[];
  /** Activities without a category, with their circuit. */
  activities: { id: number; circuitId: number }[];
  chiefs: number[];
}

export type NewClient = typeof clients.$inferInsert;

export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SHOPS = ['Épicerie', 'Superette', 'Café', 'Restaurant', 'Boulangerie', 'Pâtisserie', 'Kiosque', 'Dépôt', 'Hôtel', 'Librairie'];
const FAMILIES = [
  'Ben Salah',
  'Trabelsi',
  'Gharbi',
  'Mansouri',
  'Jaziri',
  'Hammami',
  'Bouazizi',
  'Chaabane',
  'Karoui',
  'Sassi',
  'Ayari',
  'Dridi',
  'Mejri',
  'Zouari',
  'Belhaj',
  'Ferchichi',
  'Jlassi',
  'Khelifi',
  'Ben Amor',
  'Miled',
];
const STREETS = ['Avenue Habib Bourguiba', 'Rue de Marseille', 'Avenue de la Liberté', 'Rue Ibn Khaldoun', 'Route de Sfax', 'Avenue Farhat Hached'];
const PAYMENTS = ['Chèque', 'Virement', 'Espèces', 'Traite à 30 jours'];
const DELIVERY = ['Camion société', 'Transporteur', 'Retrait dépôt'];

export function generateClient(i: number, refs: ClientRefs, r: () => number): NewClient {
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)];
  const governorate = GOVERNORATES[i % GOVERNORATES.length];
  const withCategory = refs.categories.length && (r() < 0.8 || !refs.activities.length);
  const place = withCategory ? pick(refs.categories) : pick(refs.activities);
  const activityId = withCategory ? (place as ClientRefs['categories'][number]).activityId : place.id;
  const phone = () => String(20_000_000 + Math.floor(r() * 79_999_999));
  const start = Date.UTC(2021, 0, 1);
  const inscription = new Date(start + r() * (Date.UTC(2026, 10, 1) - start)).toISOString().slice(0, 10);
  const family = pick(FAMILIES);
  return {
    code: `C${String(i + 1).padStart(6, '0')}`,
    name: `${pick(SHOPS)} ${family}${i >= 400 ? ` ${i + 1}` : ''}`,
    tva: `${String(1_000_000 + Math.floor(r() * 8_999_999))}${'ABCDEFGHJKLMNPQRSTVWXYZ'[i % 23]}/M/A/000`,
    rne: r() < 0.7 ? `B${String(Math.floor(r() * 9_999_999)).padStart(7, '0')}` : null,
    patent: r() < 0.6 ? `P-${String(Math.floor(r() * 999_999)).padStart(6, '0')}` : null,
    address: `${Math.floor(r() * 200) + 1} ${pick(STREETS)}, ${governorate}`,
    typeClientId: pick(refs.types),
    gsm: phone(),
    circuitId: place.circuitId,
    activityId,
    categoryId: withCategory ? place.id : null,
    chefZoneId: refs.chiefs.length ? refs.chiefs[i % refs.chiefs.length] : null,
    isActive: r() < 0.92 ? 1 : 0,
    status: r() < 0.75 ? CLIENT_CODES.VALIDATED : r() < 0.6 ? CLIENT_CODES.IN_PROGRESS : CLIENT_CODES.REFUSED,
    numSiret: `SIR-${String(i + 1).padStart(6, '0')}`,
    cPayeur: `P${String(i + 1).padStart(5, '0')}`,
    cRisque: pick(['Faible', 'Moyen', 'Élevé']),
    percentage: pick(['0', '1.5', '2', '2.5', '3']),
    paiement: pick(PAYMENTS),
    delaiRecuperation: pick([15, 30, 45, 60]),
    codeComptable: `411${String(i + 1).padStart(6, '0')}`,
    section: pick(['A', 'B', 'C']),
    representant1: `${pick(['Ali', 'Mohamed', 'Youssef', 'Nizar'])} ${family}`,
    representant2: `${pick(['Amel', 'Ines', 'Sonia', 'Rim'])} ${family}`,
    observations: pick(['RAS', 'Client fidèle depuis l’ouverture.', 'Livraison le matin uniquement.', 'Paiement régulier.']),
    gouvernorat: governorate,
    city: governorate,
    postalCode: String(1000 + Math.floor(r() * 8999)),
    fax: r() < 0.4 ? `7${String(Math.floor(r() * 9_999_999)).padStart(7, '0')}` : null,
    modeLivraison: pick(DELIVERY),
    delaiLivraison: pick([1, 2, 3, 5]),
    site: `${governorate} ${pick(['Nord', 'Sud', 'Centre'])}`,
    gsmSys: phone(),
    gsmFid: r() < 0.7 ? phone() : null,
    email: r() < 0.5 ? `contact${i + 1}@${family.toLowerCase().replace(/\s/g, '')}.tn` : null,
    inscription,
  };
}
