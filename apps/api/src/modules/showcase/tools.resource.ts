import { type PartnerTool, partnerToolBody, partnerToolsMeta, partnerToolUpdateBody, SHOWCASE_MSG } from '@app/domain';
import { defineResource } from '../../lib/crud/resource';
import { partnerTools as t } from './showcase.table';

/** Partner tools (route /layout/contents/tools): logos with their partner's site. */
export const partnerToolsResource = defineResource<PartnerTool>()({
  meta: partnerToolsMeta,
  tag: 'showcase',
  actions: { read: 'showcase:read', write: 'showcase:write' },
  table: t,
  idColumn: t.id,
  body: partnerToolBody,
  updateBody: partnerToolUpdateBody,
  fields: [
    { api: 'position', column: t.position, sort: true, export: { width: 0.6 } },
    { api: 'name', column: t.name, search: true, sort: 'text', export: { width: 2 } },
    { api: 'alt_logo', column: t.altLogo, export: { width: 2 } },
    { api: 'site_web', column: t.siteWeb, search: true, sort: true, export: { width: 2.5 } },
  ],
  inUseMessage: 'Suppression impossible : ce partenaire est encore utilisé.',
  position: t.position,
  media: { names: { logo: 'image' }, export: { header: 'Logo', width: 1.5 }, required: () => SHOWCASE_MSG.logoRequired },
  formCreate: true,
});
