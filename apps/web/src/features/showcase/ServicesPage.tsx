import {
  type HomeService,
  homeServiceBody,
  homeServicesMeta,
  hrefFor,
  isServiceType,
  SERVICE_TYPE_LABELS,
  type WebsiteService,
  websiteServiceBody,
  websiteServicesMeta,
} from '@app/domain';
import { Navigate, useParams } from 'react-router';
import type { z } from 'zod';
import { mediaFormBody, ResourcePage, syncImage } from '../../components/resource-page';
import { serviceColumns, websiteServiceColumns } from './columns';
import { fileValue, requireFile } from './form-values';
import { serviceSteps } from './ServiceForm';
import './showcase.css';

const websiteForm = websiteServiceBody.extend({ file: fileValue }).superRefine(requireFile());
const homeForm = homeServiceBody.extend({ file: fileValue }).superRefine(requireFile());

const valuesOf = (row: WebsiteService | HomeService | null) => ({
  title_fr: row?.title_fr ?? '',
  title_en: row?.title_en ?? '',
  content_fr: row?.content_fr ?? '',
  content_en: row?.content_en ?? '',
  img_title: row?.img_title ?? '',
  alt: row?.alt ?? '',
  file: row?.MEDIA?.original_url ?? null,
});

/** Website services of one type (/layout/contents/service/{type}). */
export function ServicesByTypePage() {
  const { type = '' } = useParams();
  if (!isServiceType(type)) return <Navigate to={hrefFor('site-services-by-type', { type: 'our-services' })} replace />;
  const label = SERVICE_TYPE_LABELS[type];
  return (
    <>
      <h2 className="showcase-type">{label}</h2>
      <ResourcePage<WebsiteService, z.input<typeof websiteForm>, z.output<typeof websiteForm>>
        key={type}
        resource={type === 'our-services' ? websiteServicesMeta : { ...websiteServicesMeta, noun: 'cette annotation' }}
        query={{ type }}
        columns={websiteServiceColumns}
        reorder={{ positionField: 'position' }}
        writeAction="showcase:write"
        form={{
          schema: websiteForm,
          titles: { add: `Ajouter un service : ${label}`, edit: 'Modifier le service', view: 'Détails du service' },
          toValues: (row) => ({ type, ...valuesOf(row) }),
          toBody: mediaFormBody,
          afterSave: (saved, values, before) => syncImage(websiteServicesMeta.path, saved, values.file, before),
          steps: serviceSteps,
        }}
      />
    </>
  );
}

/** Home-page services (/layout/contents/services). */
export function HomeServicesPage() {
  return (
    <ResourcePage<HomeService, z.input<typeof homeForm>, z.output<typeof homeForm>>
      resource={homeServicesMeta}
      columns={serviceColumns}
      reorder={{ positionField: 'position' }}
      writeAction="showcase:write"
      form={{
        schema: homeForm,
        toValues: valuesOf,
        toBody: mediaFormBody,
        afterSave: (saved, values, before) => syncImage(homeServicesMeta.path, saved, values.file, before),
        steps: serviceSteps,
      }}
    />
  );
}
