import { type Block, blocksMeta, hrefFor, isPageKey, multipleImages, PAGE_LABELS, type PageKey, sectionDef, type SectionDef } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import {
  FieldGrid,
  FileField as AnyFileField,
  type FormField,
  type FormSelectField,
  RichTextField as AnyRichTextField,
  SelectField as AnySelectField,
  TextField as AnyTextField,
} from '../../components/fields';
import { ResourcePage, syncImage } from '../../components/resource-page';
import { BLOCK_STEPS, BLOCKS_PATH, type BlockFormIn, type BlockFormOut, blockBodyOf, blockFormFor, blockFormValues, syncBlockImages } from './block-form';
import { SectionImages } from './SectionImages';
import { blockColumns } from './columns';
import { ensurePage, fetchSection, pageQueryKey, sectionQueryKey } from './site-api';
import './site.css';

// The fields this form uses, typed by its values: a wrong name fails to compile.
const FileField: FormField<typeof AnyFileField, BlockFormIn> = AnyFileField;
const RichTextField: FormField<typeof AnyRichTextField, BlockFormIn> = AnyRichTextField;
const SelectField: FormSelectField<BlockFormIn> = AnySelectField;
const TextField: FormField<typeof AnyTextField, BlockFormIn> = AnyTextField;

const SPANS = [
  { label: '1 colonne', value: '1' },
  { label: '2 colonnes', value: '2' },
];

/**
 * A section's blocks (`/layout/containers/blocks/{page}/{section}`): search, sort,
 * exports, 50 rows, drag reorder (positions 1..n), add / edit / view in three steps, confirmed delete.
 * On the image-annotation page a block shows all its images, each removable, and takes several at once.
 */
export default function BlocksPage() {
  const { page = '', section = '' } = useParams();
  const def = sectionDef(page, section);
  if (!isPageKey(page) || !def?.blocks) return <NotFoundPage />;
  return <Blocks key={`${page}/${section}`} page={page} def={def} />;
}

function Blocks({ page, def }: { page: PageKey; def: SectionDef }) {
  const ready = useQuery({ queryKey: pageQueryKey(page), queryFn: () => ensurePage(page), staleTime: 60_000 });
  const { data: row } = useQuery({ queryKey: sectionQueryKey(page, def.key), queryFn: () => fetchSection(page, def.key), enabled: !!ready.data });
  const span = !!def.columnSpan;
  // Blocks of the image-annotation page keep several images; the others one.
  const several = multipleImages(page);
  const schema = useMemo(() => blockFormFor(several), [several]);
  return (
    <div className="site-blocks">
      <p className="site-editor-page">
        <Link to={hrefFor('site-section', { page, section: def.key })}>
          <i className="pi pi-arrow-left" aria-hidden="true" /> {PAGE_LABELS[page]}
        </Link>{' '}
        / Section : <strong>{def.label}</strong>
      </p>
      {row && (
        <ResourcePage<Block, BlockFormIn, BlockFormOut>
          resource={blocksMeta}
          query={{ sections_id: row.id }}
          columns={blockColumns}
          // The paged list's full order is read without the section filter: the server keeps this section's ids.
          reorder={{ positionField: 'position', path: `blocs/reorder?sections_id=${row.id}` }}
          writeAction="site:write"
          minWidth="40rem"
          form={{
            schema,
            toValues: (b) => blockFormValues(b, span),
            toBody: blockBodyOf(row.id),
            afterSave: (saved, values, before) =>
              several ? syncBlockImages(saved, values.images, before) : syncImage(BLOCKS_PATH, saved, values.file, before),
            steps: [
              {
                ...BLOCK_STEPS[0],
                content: (
                  <FieldGrid>
                    <TextField name="key" label="Clé (type, icône)" required maxLength={100} />
                    <TextField name="title_fr" label="Titre (FR)" required maxLength={255} />
                    <RichTextField name="content_fr" label="Contenu (FR)" required height="10rem" />
                    <TextField name="img_title_fr" label="Titre de l’image (FR)" maxLength={255} />
                  </FieldGrid>
                ),
              },
              {
                ...BLOCK_STEPS[1],
                content: (
                  <FieldGrid>
                    <TextField name="title_en" label="Titre (EN)" required maxLength={255} />
                    <RichTextField name="content_en" label="Contenu (EN)" required height="10rem" />
                    <TextField name="img_title_en" label="Titre de l’image (EN)" maxLength={255} />
                  </FieldGrid>
                ),
              },
              {
                ...BLOCK_STEPS[2],
                content: (
                  <FieldGrid>
                    {span ? (
                      <SelectField name="url" label="Largeur" required options={SPANS} filter={false} />
                    ) : (
                      <TextField name="url" label="Lien" maxLength={500} />
                    )}
                    <TextField name="img_alt" label="Texte alternatif de l’image" maxLength={255} />
                    {several ? (
                      <SectionImages name="images" label="Images" multiple required />
                    ) : (
                      <FileField name="file" label="Image" family="image" required />
                    )}
                  </FieldGrid>
                ),
              },
            ],
          }}
        />
      )}
    </div>
  );
}
