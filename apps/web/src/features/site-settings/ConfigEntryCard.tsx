import { CONFIG_UPLOAD_FAILED, type ConfigEntry, configEntryBody, FILE_FAMILIES, SITE_SETTINGS_MSG } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { CONFIGS_KEY, deleteConfig, saveConfig, uploadConfigFile } from './site-settings.api';

type Errors = Partial<Record<'NAME' | 'DESCRIPTION' | 'FILE', string>>;

/**
 * One configuration entry: KEY read only; NAME, FILE, DESCRIPTION required; its own
 * save and a confirmed delete. A new file is uploaded first: when that fails the screen says 'File upload
 * failed.' and saves nothing; the fields are checked before, so the save after cannot fail on them.
 */
export function ConfigEntryCard({ entry }: { entry: ConfigEntry }) {
  const qc = useQueryClient();
  const [name, setName] = useState(entry.NAME);
  const [description, setDescription] = useState(entry.DESCRIPTION);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const id = `config-${entry.id}`;

  const save = async () => {
    const parsed = configEntryBody.safeParse({ NAME: name, DESCRIPTION: description });
    const next: Errors = {};
    if (!parsed.success) for (const issue of parsed.error.issues) next[issue.path[0] as 'NAME' | 'DESCRIPTION'] ??= issue.message;
    if (!entry.FILE && !file) next.FILE = SITE_SETTINGS_MSG.fileRequired;
    setErrors(next);
    if (!parsed.success || next.FILE) return;
    setBusy(true);
    try {
      if (file) {
        try {
          await uploadConfigFile(entry.id, file);
        } catch {
          notify.error('Erreur', CONFIG_UPLOAD_FAILED);
          return;
        }
      }
      await saveConfig(entry.id, parsed.data);
      setFile(null);
      await qc.invalidateQueries({ queryKey: CONFIGS_KEY });
      notify.success('Configuration', `« ${entry.KEY} » enregistrée.`);
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) setErrors(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0]])));
    } finally {
      setBusy(false);
    }
  };

  const askDelete = () =>
    confirmDialog({
      header: 'Confirmation',
      message: `Voulez-vous vraiment supprimer l’entrée ${entry.KEY} ?`,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Oui',
      rejectLabel: 'Non',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: async () => {
        await deleteConfig(entry.id);
        await qc.invalidateQueries({ queryKey: CONFIGS_KEY });
        notify.success('Configuration', `« ${entry.KEY} » supprimée.`);
      },
    });

  return (
    <form
      className="config-entry"
      aria-label={`Entrée ${entry.KEY}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-key`}>Clé</label>
        <InputText id={`${id}-key`} value={entry.KEY} readOnly className="w-full" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-name`}>Nom *</label>
        <InputText id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} invalid={!!errors.NAME} className="w-full" />
        {errors.NAME && <small className="field-error">{errors.NAME}</small>}
      </div>
      <div className="field config-entry-wide">
        <label htmlFor={`${id}-description`}>Description *</label>
        <InputTextarea
          id={`${id}-description`}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          rows={2}
          autoResize
          invalid={!!errors.DESCRIPTION}
          className="w-full"
        />
        {errors.DESCRIPTION && <small className="field-error">{errors.DESCRIPTION}</small>}
      </div>
      <div className="field config-entry-wide">
        <label htmlFor={`${id}-file`}>Fichier *</label>
        <div className="config-entry-file">
          {entry.FILE && (
            <a href={entry.FILE.original_url} target="_blank" rel="noreferrer">
              <i className="pi pi-file" aria-hidden /> {entry.FILE.file_name}
            </a>
          )}
          {/* The browser's own file button speaks its own language: ours says it in French. */}
          <input
            ref={picker}
            id={`${id}-file`}
            type="file"
            hidden
            accept={FILE_FAMILIES.imageOrPdf.accept}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <Button type="button" icon="pi pi-paperclip" label="Choisir un fichier" outlined size="small" onClick={() => picker.current?.click()} />
          <span className="muted">{file ? `Nouveau : ${file.name}` : 'Aucun nouveau fichier'}</span>
        </div>
        {errors.FILE && <small className="field-error">{errors.FILE}</small>}
      </div>
      <div className="config-entry-actions">
        <Button type="button" icon="pi pi-trash" label="Supprimer" severity="danger" outlined onClick={askDelete} />
        <Button type="submit" icon="pi pi-check" label="Enregistrer" loading={busy} />
      </div>
    </form>
  );
}
