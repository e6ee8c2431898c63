import type { Db } from '../../db/client';
import { solidPng } from '../../lib/png';
import { saveMedia } from '../../lib/media/media.service';
import type { ObjectStore } from '../../lib/storage';
import { badgesResource } from './badges.resource';
import { badges } from '../../lib/clients/badges.table';

export const BADGE_TIERS = ['Bronze', 'Argent', 'Or', 'Platine'] as const;
export type BadgeTier = (typeof BADGE_TIERS)[number];

// [name, bonus badge, bonus évolution, bonus maintien, description, colour]
const TIERS: [BadgeTier, number, number, number, string, [number, number, number]][] = [
  ['Bronze', 100, 50, 20, 'Premier palier : attribué dès l’inscription au programme et la première commande validée.', [176, 101, 40]],
  ['Argent', 250, 150, 50, 'Client régulier : commandes chaque mois sur au moins un trimestre.', [128, 132, 140]],
  ['Or', 500, 300, 100, 'Client fidèle : chiffre d’affaires annuel en hausse et participation aux animations.', [184, 146, 20]],
  ['Platine', 1000, 500, 250, 'Partenaire privilégié : meilleur palier, réservé aux clients stratégiques.', [70, 96, 120]],
];

/**
 * The four demo tiers, active, each with a small generated PNG stored through the media service
 * (in the media store `uploads`; without it, the badges have no image). Returns the badge ids by name so the
 * clients' demo data can hand them out. Runs in one transaction: all four or none.
 */
export async function seedBadges(db: Db, uploads?: ObjectStore): Promise<Record<BadgeTier, number>> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(badges)
      .values(
        TIERS.map(([name, bonusBadge, bonusEvolution, bonusMaintien, description]) => ({
          name,
          bonusBadge,
          bonusEvolution,
          bonusMaintien,
          description,
          isActive: 1,
        })),
      )
      .returning({ id: badges.id, name: badges.name });
    const ids = Object.fromEntries(rows.map((r) => [r.name, r.id])) as Record<BadgeTier, number>;
    if (uploads) {
      for (const [name, , , , , colour] of TIERS) {
        await saveMedia(tx, uploads, {
          entity: badgesResource.path,
          entityId: ids[name],
          collection: 'image',
          family: 'image',
          fileName: `badge-${name.toLowerCase()}.png`,
          buffer: solidPng(96, 96, colour),
          replace: true,
        });
      }
    }
    return ids;
  });
}
