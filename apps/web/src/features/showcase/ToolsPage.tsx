import { type PartnerTool, partnerToolBody, partnerToolsMeta, SHOWCASE_MSG, } from '@app/domain';
import type { z } from 'zod';
import { FieldGrid, FileField, formFields, TextField } from '../../components/fields';
import { mediaFormBody, ResourcePage, syncImage } from '../../components/resource-page';
import { toolColumns } from './columns';
import { fileValue, requireFile } from './form-values';

const F = formFields<z.input<typeof form>>()({ FileField, TextField });

const form = partnerToolBody.extend({ file: fileValue }).superRefine(requireFile(SHOWCASE_MSG.logoRequired));

/** Partner tools (spec 3 §2.6, /layout/contents/tools): name and logo required. */
export default function ToolsPage() {
  return (
    <ResourcePage<PartnerTool, z.input<typeof form>, z.output<typeof form>>
      resource={partnerToolsMeta}
      columns={toolColumns}
      reorder={{ positionField: 'position' }}
      writeAction="showcase:write"
      form={{
        schema: form,
        toValues: (row) => ({ name: row?.name ?? '', alt_logo: row?.alt_logo ?? '', site_web: row?.site_web ?? '', file: row?.MEDIA?.original_url ?? null }),
        toBody: mediaFormBody,
        afterSave: (saved, values, before) => syncImage(partnerToolsMeta.path, saved, values.file, before),
        content: (
          <FieldGrid>
            <F.TextField name="name" label="Nom" required maxLength={150} autoFocus />
            <F.TextField name="site_web" label="Site web" maxLength={500} placeholder="https://" />
            <F.TextField name="alt_logo" label="Texte alternatif du logo" maxLength={255} />
            <F.FileField name="file" label="Logo" family="image" required />
          </FieldGrid>
        ),
      }}
    />
  );
}
