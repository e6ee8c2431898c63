import type { Dialog } from 'primereact/dialog';
import { useRef } from 'react';

/**
 * How every form in a dialog validates: on submit, then on each change. Validating on
 * blur showed "Ce champ est obligatoire." under the first field before anything was typed, as soon as
 * focus left it.
 */
export const FORM_VALIDATION = { mode: 'onSubmit', reValidateMode: 'onChange' } as const;

/** What a user types into (not PrimeReact's hidden mirrors, out of the tab order): the first outside a hidden step or tab is focused on open. */
const FIELDS = ['input:not([type="hidden"])', 'textarea', 'select', '[contenteditable="true"]']
  .map((f) => `${f}:not(:disabled):not([tabindex="-1"])`)
  .join(', ');

/**
 * Props for a PrimeReact Dialog holding a form: on open, focus goes to the first field (or stays on
 * the one a screen marked `autoFocus`) and is left there. PrimeReact's own focus on show moves it to
 * the close button (its focus trap looks for an `autofocus` attribute React does not render), so it
 * is turned off; a dialog with no field to type into (view mode) focuses its close button instead.
 */
export function useFirstFieldFocus() {
  const ref = useRef<Dialog>(null);
  const onShow = () => {
    const content = ref.current?.getContent();
    if (!content || content.contains(document.activeElement)) return;
    const first = [...content.querySelectorAll<HTMLElement>(FIELDS)].find((el) => !el.closest('[hidden], .p-hidden-focusable'));
    (first ?? ref.current?.getElement()?.querySelector<HTMLElement>('.p-dialog-header-close'))?.focus();
  };
  return { ref, focusOnShow: false, onShow };
}
