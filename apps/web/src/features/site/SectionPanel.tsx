import { hrefFor, multipleImages, PAGE_SERVICE_TYPE, type PageKey, type Section, type SectionDef } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { EmailField, FieldGrid, FileField, isNewFile, PhoneField, RichTextField, TextField } from '../../components/fields';
import { serverFieldErrors } from '../../components/form-dialog/steps';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { imageChanges, sectionBody, sectionFormSchema, sectionValues } from './section-form';
import { SectionImages } from './SectionImages';
import { deleteSectionMedia, saveSection, uploadSectionMedia, useSection } from './section.api';
import { fetchSection, sectionQueryKey } from './site-api';

type Values = Record<string, Record<string, unknown>>;

/** Uploads or removes one single-file field (video, file) after the section's text is saved. */
async function syncFile(id: number, name: 'video' | 'file', value: unknown, before: { id: number } | null) {
  if (isNewFile(value)) {
    await uploadSectionMedia(id, name, value);
  } else if (value == null && before) {
    await deleteSectionMedia(id, before.id);
  }
}

/**
 * One section of the page editor: read-only at first; the pencil opens it for
 * editing with Save and Cancel. Cancel puts back the saved values; Save sends the text, then the
 * files, and returns to read-only. An invalid form flags the section and saves nothing.
 */
export function SectionPanel({ page, def, initiallyOpen }: { page: PageKey; def: SectionDef; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const bodyId = useId();
  const headingId = useId();
  return (
    <section className={`site-section${open ? ' is-open' : ''}`} aria-labelledby={headingId} data-section={def.key}>
      <h2 className="site-section-head" id={headingId}>
        <button type="button" className="site-section-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
          <i className={`pi ${open ? 'pi-chevron-down' : 'pi-chevron-right'}`} aria-hidden="true" />
          {def.label}
        </button>
      </h2>
      {open && (
        <div id={bodyId} className="site-section-body">
          <SectionBody page={page} def={def} />
        </div>
      )}
    </section>
  );
}

function SectionBody({ page, def }: { page: PageKey; def: SectionDef }) {
  const qc = useQueryClient();
  const key = sectionQueryKey(page, def.key);
  const { data: row } = useSection(page, def.key);
  if (!row) return <p className="site-loading">Chargement…</p>;
  return <SectionForm key={row.id} page={page} def={def} row={row} onSaved={(saved) => qc.setQueryData(key, saved)} />;
}

function SectionForm({ page, def, row, onSaved }: { page: PageKey; def: SectionDef; row: Section; onSaved: (s: Section) => void }) {
  const [editing, setEditing] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [saving, setSaving] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(sectionFormSchema(def)) as never,
    defaultValues: sectionValues(def, row) as Values,
    disabled: !editing,
    mode: 'onTouched',
  });
  const n = (field: string) => `${def.key}.${field}`;
  const serviceType = PAGE_SERVICE_TYPE[page];

  const cancel = () => {
    form.reset(sectionValues(def, row) as Values);
    setInvalid(false);
    setEditing(false);
  };

  const save = form.handleSubmit(
    async (all) => {
      const values = all[def.key];
      setSaving(true);
      try {
        await saveSection(row.id, { key: def.key, pages_id: row.pages_id, ...sectionBody(values) });
        const { removed, added } = imageChanges(row.img, (values.img ?? []) as never);
        for (const m of removed) await deleteSectionMedia(row.id, m.id);
        for (const file of added) await uploadSectionMedia(row.id, 'img', file);
        if (def.video) await syncFile(row.id, 'video', values.video, row.video);
        if (def.file) await syncFile(row.id, 'file', values.file, row.file);
        const saved = await fetchSection(page, def.key);
        onSaved(saved);
        form.reset(sectionValues(def, saved) as Values);
        setInvalid(false);
        setEditing(false);
        notify.success('Modification effectuée', 'La section a été enregistrée.');
      } catch (e) {
        if (e instanceof ApiError && e.status === 422) {
          for (const [field, message] of serverFieldErrors(e.errors)) form.setError(n(field) as never, { type: 'server', message });
          setInvalid(true);
        }
      } finally {
        setSaving(false);
      }
    },
    () => setInvalid(true),
  );

  const watchedFile = form.watch(n('file') as never) as unknown;
  const fileUrl = typeof watchedFile === 'string' ? watchedFile : null;

  return (
    <FormProvider {...form}>
      <form className={`site-form${invalid ? ' is-invalid' : ''}`} onSubmit={save} noValidate aria-label={`Section ${def.label}`}>
        <div className="site-form-bar">
          {invalid && (
            <span className="site-invalid" role="alert">
              <i className="pi pi-exclamation-circle" aria-hidden="true" /> Section invalide : corrigez les champs signalés.
            </span>
          )}
          {def.blocks && (
            <Link className="p-button p-button-outlined p-button-sm" to={hrefFor('site-blocks', { page, section: def.key })}>
              <i className="pi pi-list" aria-hidden="true" /> Blocs ({row.blocs_count})
            </Link>
          )}
          {serviceType && (def.key === 'services' || def.key.endsWith('-types')) && (
            <Link className="p-button p-button-outlined p-button-sm" to={hrefFor('site-services-by-type', { type: serviceType })}>
              <i className="pi pi-th-large" aria-hidden="true" /> Services
            </Link>
          )}
          {editing ? (
            <>
              <Button type="button" label="Annuler" outlined onClick={cancel} disabled={saving} />
              <Button type="submit" label="Enregistrer" icon="pi pi-check" loading={saving} />
            </>
          ) : (
            <Button
              type="button"
              icon="pi pi-pencil"
              rounded
              text
              aria-label={`Modifier la section ${def.label}`}
              title="Modifier"
              onClick={() => setEditing(true)}
            />
          )}
        </div>
        <FieldGrid>
          <TextField name={n('title_fr')} label="Titre (FR)" required maxLength={255} />
          <TextField name={n('title_en')} label="Titre (EN)" required maxLength={255} />
          <RichTextField name={n('content_fr')} label="Contenu (FR)" required={!def.contentOptional} height="10rem" />
          <RichTextField name={n('content_en')} label="Contenu (EN)" required={!def.contentOptional} height="10rem" />
          {def.contact && (
            <>
              <PhoneField name={n('phone')} label="Téléphone" required maxLength={20} />
              <EmailField name={n('email')} label="E-mail" required />
            </>
          )}
          {def.contact === 'footer' && <TextField name={n('address')} label="Adresse" required maxLength={500} />}
          {def.link && <TextField name={n('url')} label={def.contact === 'footer' ? 'Lien Google Maps' : 'Lien'} required maxLength={500} />}
          {def.image && (
            <>
              <TextField name={n('img_title_fr')} label="Titre de l’image (FR)" required maxLength={255} />
              <TextField name={n('img_title_en')} label="Titre de l’image (EN)" required maxLength={255} />
              <TextField name={n('img_alt')} label="Texte alternatif de l’image" required maxLength={255} />
              <SectionImages name={n('img')} label={multipleImages(page) ? 'Images' : 'Image'} multiple={multipleImages(page)} required />
            </>
          )}
          {def.video && <FileField name={n('video')} label="Vidéo" family="video" />}
          {def.file && (
            <>
              <FileField name={n('file')} label="Fichier" family="imageOrPdf" preview={false} />
              {fileUrl && (
                <Button type="button" link label="Ouvrir le fichier" icon="pi pi-external-link" onClick={() => window.open(fileUrl, '_blank', 'noopener')} />
              )}
            </>
          )}
        </FieldGrid>
      </form>
    </FormProvider>
  );
}
