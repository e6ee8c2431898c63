import { type Badge, badgeBody, badgesMeta, MSG } from '@app/domain';
import { flag01Field, orEmpty, yesNo } from '../../lib/crud/fields';
import { defineResource } from '../../lib/crud/resource';
import { badges as t } from '../../lib/clients/badges.table';

/**
 * Gamification badges. POST accepts the fields and
 * the image as one form (`formCreate`); the list keeps the tiers in the order they were created.
 */
export const badgesResource = defineResource<Badge>()({
  meta: badgesMeta,
  tag: 'badges',
  actions: { read: 'badges:read', write: 'badges:write' },
  table: t,
  idColumn: t.id,
  body: badgeBody,
  fields: [
    { api: 'NAME', column: t.name, search: true, sort: 'text', export: { width: 1.5 } },
    { api: 'BONUS_BADGE', column: t.bonusBadge, export: { width: 1 } },
    { api: 'BONUS_EVOLUTION', column: t.bonusEvolution, export: { width: 1 } },
    { api: 'BONUS_MAINTIEN', column: t.bonusMaintien, export: { width: 1 } },
    { api: 'DESCRIPTION', column: t.description, export: { width: 3, format: orEmpty } },
    { api: 'IS_ACTIVE', column: t.isActive, ...flag01Field, export: { width: 0.7, format: yesNo } },
  ],
  unique: { badges_name_unique: { field: 'NAME', message: MSG.nameExists } },
  inUseMessage: MSG.inUse('ce badge est encore attribué à des clients'),
  media: { names: { image: 'image' }, export: { header: 'Image', width: 1.5 } },
  formCreate: true,
});
