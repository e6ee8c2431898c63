import { type PartnerTool, partnerToolBody, partnerToolsMeta, SHOWCASE_MSG } from '@app/domain';
import type { z } from 'zod';
import { FieldGrid, FileField as AnyFileField, type FormField, TextField as AnyTextField } from '../../components/fields';
import { mediaFormBody, ResourcePage, syncImage } from '../../components/resource-page';
import { toolColumns } from './columns';
import { fileValue, requireFile } from './form-values';

// The fields this form uses, typed by its values: a wrong name fails to compile.
const FileField: FormField<typeof AnyFileField, z.input<typeof form>> = AnyFileField;
const TextField: FormField<typeof AnyTextField, z.input<typeof form>> = AnyTextField;

const form = partnerToolBody.extend({ file: fileValue }).superRefine(requireFile(SHOWCASE_MSG.logoRequired));

/** Partner tools (/layout/contents/tools): name and logo required. */
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
            <TextField name="name" label="Nom" required maxLength={150} autoFocus />
            <TextField name="site_web" label="Site web" maxLength={500} placeholder="https://" />
            <TextField name="alt_logo" label="Texte alternatif du logo" maxLength={255} />
            <FileField name="file" label="Logo" family="image" required />
          </FieldGrid>
        ),
      }}
    />
  );
}
