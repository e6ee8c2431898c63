import { MSG, requiredText } from '@app/domain';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api';
import { TextField } from '../fields';
import { FormDialog, type FormDialogProps, type FormStep } from './FormDialog';
import type { FormMode } from './steps';

// React 19 wants to know it runs under act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const schema = z.object({ NAME: requiredText(100), CODE: requiredText(30) });
type In = z.input<typeof schema>;
type Out = z.output<typeof schema>;

const steps: FormStep<In>[] = [
  { label: 'Identité', fields: ['NAME'], content: <TextField name="NAME" label="Nom" required /> },
  { label: 'Code', fields: ['CODE'], content: <TextField name="CODE" label="Code" required /> },
];

let root: Root;
let host: HTMLElement;

function render(mode: FormMode, onSubmit: FormDialogProps<In, Out>['onSubmit'], values: In = { NAME: '', CODE: '' }) {
  const onHide = vi.fn();
  act(() =>
    root.render(
      <FormDialog<In, Out>
        visible
        mode={mode}
        titles={{ add: 'Ajouter un circuit', edit: 'Modifier le circuit', view: 'Détails du circuit' }}
        schema={schema}
        defaultValues={values}
        steps={steps}
        onSubmit={onSubmit}
        onHide={onHide}
      />,
    ),
  );
  return { onHide };
}

const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector(sel) as T | null;
const button = (label: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === label) ?? null;
const visibleSection = () => [...document.querySelectorAll('form section')].find((s) => !(s as HTMLElement).hidden);

async function type(selector: string, value: string) {
  const input = $<HTMLInputElement>(selector);
  if (!input) throw new Error(`no ${selector}`);
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function click(label: string) {
  const b = button(label);
  if (!b) throw new Error(`no button ${label}`);
  await act(async () => {
    b.click();
    await new Promise((r) => setTimeout(r, 0));
  });
}

beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
});

describe('FormDialog', () => {
  it('titles the dialog by mode and validates each step before moving on', async () => {
    const onSubmit = vi.fn(async () => {});
    const { onHide } = render('add', onSubmit);
    expect(document.body.textContent).toContain('Ajouter un circuit');
    expect(button('Précédent')).toBeNull();
    expect(button('Enregistrer')).toBeNull();

    await type('#field-NAME', '   ');
    await click('Suivant');
    expect(document.body.textContent).toContain(MSG.blank);
    expect(visibleSection()?.getAttribute('aria-label')).toBe('Identité');

    await type('#field-NAME', ' Nord ');
    await click('Suivant');
    expect(visibleSection()?.getAttribute('aria-label')).toBe('Code');
    expect(button('Précédent')).not.toBeNull();

    await click('Enregistrer');
    expect(document.body.textContent).toContain(MSG.required);
    expect(onSubmit).not.toHaveBeenCalled();

    await type('#field-CODE', 'N1');
    await click('Enregistrer');
    // One save, with the merged (and trimmed) data of both steps.
    expect(onSubmit).toHaveBeenCalledWith({ NAME: 'Nord', CODE: 'N1' });
    expect(onHide).toHaveBeenCalled();
  });

  it('after a refused step, an error clears while typing, before any blur', async () => {
    render(
      'add',
      vi.fn(async () => {}),
    );
    await click('Suivant');
    expect($('[data-field="field-NAME"]')?.textContent).toContain(MSG.required);
    await type('#field-NAME', 'Nord');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect($('[data-field="field-NAME"] .fld-error')).toBeNull();
  });

  it('puts server field errors on their fields and returns to their step', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(422, 'Nom Existe', { NAME: ['Nom Existe'] });
    });
    const { onHide } = render('edit', onSubmit, { NAME: 'Nord', CODE: 'N1' });
    expect(document.body.textContent).toContain('Modifier le circuit');
    await click('Suivant');
    await click('Enregistrer');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onHide).not.toHaveBeenCalled();
    expect(visibleSection()?.getAttribute('aria-label')).toBe('Identité');
    expect($('[data-field="field-NAME"]')?.textContent).toContain('Nom Existe');
  });

  it('is read-only in view mode', async () => {
    const onSubmit = vi.fn(async () => {});
    render('view', onSubmit, { NAME: 'Nord', CODE: 'N1' });
    expect(document.body.textContent).toContain('Détails du circuit');
    expect($<HTMLInputElement>('#field-NAME')?.disabled).toBe(true);
    await click('Suivant');
    expect($<HTMLInputElement>('#field-CODE')?.disabled).toBe(true);
    expect(button('Enregistrer')).toBeNull();
    expect(button('Fermer')).not.toBeNull();
  });

  it('gives a field without its own label and limit the resource’s label and the schema’s limit; its own win', () => {
    act(() =>
      root.render(
        <FormDialog<In, Out>
          visible
          mode="add"
          titles={{ add: 'Ajouter un circuit', edit: 'Modifier le circuit', view: 'Détails du circuit' }}
          schema={schema}
          labels={{ NAME: 'Nom du circuit', CODE: 'Code' }}
          defaultValues={{ NAME: '', CODE: '' }}
          onSubmit={vi.fn(async () => {})}
          onHide={vi.fn()}
        >
          <TextField name="NAME" required />
          <TextField name="CODE" label="Code interne" maxLength={10} />
        </FormDialog>,
      ),
    );
    expect($('label[for="field-NAME"]')?.textContent).toContain('Nom du circuit');
    expect($<HTMLInputElement>('#field-NAME')?.maxLength).toBe(100);
    expect($('label[for="field-CODE"]')?.textContent).toContain('Code interne');
    expect($<HTMLInputElement>('#field-CODE')?.maxLength).toBe(10);
  });
});
