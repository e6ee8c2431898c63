import { Button } from 'primereact/button';
import { Editor } from 'primereact/editor';
import { OverlayPanel } from 'primereact/overlaypanel';
import { lazy, Suspense, useRef, useState } from 'react';
import { FieldShell } from './FieldShell';
import { type BaseFieldProps, useField } from './useField';

/** Quill's drop-down pickers come without an accessible name: each gets its French one. */
const PICKER_LABELS: Record<string, string> = {
  'ql-header': 'Titre',
  'ql-font': 'Police',
  'ql-size': 'Taille du texte',
  'ql-color': 'Couleur du texte',
  'ql-background': 'Couleur de fond',
  'ql-align': 'Alignement',
};
function labelPickers(toolbar: Element | undefined) {
  for (const picker of toolbar?.querySelectorAll('.ql-picker') ?? []) {
    const key = [...picker.classList].find((c) => Object.hasOwn(PICKER_LABELS, c));
    picker.querySelector('.ql-picker-label')?.setAttribute('aria-label', key ? PICKER_LABELS[key] : 'Options');
  }
}

const EmojiPanel = lazy(() => import('./EmojiPanel'));

/** What the editor needs of Quill to put an emoji where the cursor was. */
interface QuillLike {
  getModule(name: string): { container?: Element } | undefined;
  getSelection(focus?: boolean): { index: number; length: number } | null;
  getLength(): number;
  insertText(index: number, text: string, source?: string): void;
  setSelection(index: number, length: number, source?: string): void;
}

/**
 * Quill through PrimeReact's Editor; loaded on demand by RichTextField (Quill is heavy). With
 * `emoji`, a button above it opens an emoji picker that inserts at the cursor.
 */
export default function RichTextEditor(props: BaseFieldProps & { height?: string; emoji?: boolean }) {
  const { field, id, error, disabled, label } = useField(props.name, props.disabled, props);
  const quill = useRef<QuillLike | null>(null);
  const lastRange = useRef<{ index: number; length: number } | null>(null);
  const panel = useRef<OverlayPanel>(null);
  const [emojiOpened, setEmojiOpened] = useState(false);
  const insertEmoji = (emoji: string) => {
    const q = quill.current;
    if (!q) return;
    const at = lastRange.current ?? { index: Math.max(0, q.getLength() - 1), length: 0 };
    q.insertText(at.index, emoji, 'user');
    q.setSelection(at.index + emoji.length, 0, 'user');
    lastRange.current = { index: at.index + emoji.length, length: 0 };
    panel.current?.hide();
  };
  return (
    <FieldShell id={id} label={label} required={props.required} error={error} hint={props.hint} wide={props.wide ?? true}>
      {props.emoji && !disabled && (
        <div className="fld-emoji-bar">
          <Button
            type="button"
            icon="pi pi-face-smile"
            label="Emoji"
            size="small"
            text
            aria-haspopup="dialog"
            onClick={(e) => {
              setEmojiOpened(true);
              panel.current?.toggle(e);
            }}
          />
          <OverlayPanel ref={panel} aria-label="Choisir un emoji">
            {emojiOpened && (
              <Suspense fallback={<span className="muted">Chargement…</span>}>
                <EmojiPanel onPick={insertEmoji} />
              </Suspense>
            )}
          </OverlayPanel>
        </div>
      )}
      <div className={`fld-editor${error ? ' p-invalid' : ''}`} id={id}>
        <Editor
          value={typeof field.value === 'string' ? field.value : ''}
          // An emptied editor gives null: keep '' so "required" reads as empty, not as a type error.
          onTextChange={(e) => {
            field.onChange(e.htmlValue ?? '');
            // Typing moves the cursor without a selection event: keep where it is for an emoji.
            const at = quill.current?.getSelection();
            if (at) lastRange.current = at;
          }}
          onSelectionChange={(e) => {
            // Quill reports a null range when the editor loses focus; the last one is where an emoji goes.
            if (!e.range) field.onBlur();
            else lastRange.current = e.range;
          }}
          readOnly={disabled}
          onLoad={(q: QuillLike) => {
            quill.current = q;
            labelPickers(q.getModule('toolbar')?.container);
          }}
          style={{ height: props.height ?? '14rem' }}
        />
      </div>
    </FieldShell>
  );
}
