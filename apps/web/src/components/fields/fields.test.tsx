import { MSG } from '@app/domain';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { FormProvider, type UseFormReturn, useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerFrenchLocale } from '../../lib/locale';
import { DateField } from './DateField';
import { FileField } from './FileField';
import { MinMaxWarning } from './MinMaxWarning';
import { NumberField, PhoneField } from './TextFields';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Values = Record<string, unknown>;
let root: Root;
let form: UseFormReturn<Values>;

function Harness({ values, children }: { values: Values; children: ReactNode }) {
  form = useForm<Values>({ defaultValues: values });
  return <FormProvider {...form}>{children}</FormProvider>;
}

function render(values: Values, children: ReactNode) {
  act(() =>
    root.render(
      <Harness values={values}>
        <form>{children}</form>
      </Harness>,
    ),
  );
}

async function type(id: string, value: string) {
  const input = document.getElementById(id) as HTMLInputElement;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function choose(id: string, file: File) {
  const input = document.getElementById(id) as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

beforeEach(() => {
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
});

describe('fields', () => {
  it('phone and number inputs filter keystrokes into the form value', async () => {
    render(
      { GSM: '', PRICE: '' },
      <>
        <PhoneField name="GSM" label="Téléphone" />
        <NumberField name="PRICE" label="Prix" />
      </>,
    );
    await type('field-GSM', '+216 98 a 765');
    await type('field-PRICE', '12,34567');
    expect(form.getValues()).toEqual({ GSM: '+21698765', PRICE: '12.345' });
    expect((document.getElementById('field-GSM') as HTMLInputElement).maxLength).toBe(20);
  });

  it('file field refuses a wrong type or a file over 5 MB with the domain messages', async () => {
    render({ file: null }, <FileField name="file" label="Image" family="image" />);
    await choose('field-file', new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(document.body.textContent).toContain(MSG.fileType);
    expect(form.getValues('file')).toBeNull();

    await choose('field-file', new File([new Uint8Array(5_242_881)], 'big.png', { type: 'image/png' }));
    expect(document.body.textContent).toContain(MSG.fileSize);

    const ok = new File([new Uint8Array(10)], 'logo.png', { type: 'image/png' });
    await choose('field-file', ok);
    expect(form.getValues('file')).toBe(ok);
    expect(document.body.textContent).not.toContain(MSG.fileSize);
    expect(document.querySelector('img.fld-file-preview')).not.toBeNull();
  });

  it('min/max pair warns while min exceeds max', async () => {
    render(
      { VAL_MIN: '', VAL_MAX: '' },
      <>
        <NumberField name="VAL_MIN" label="Min" />
        <NumberField name="VAL_MAX" label="Max" />
        <MinMaxWarning min="VAL_MIN" max="VAL_MAX" />
      </>,
    );
    await type('field-VAL_MIN', '10');
    await type('field-VAL_MAX', '9');
    expect(document.body.textContent).toContain(MSG.minGreaterThanMax);
    await type('field-VAL_MAX', '10');
    expect(document.body.textContent).not.toContain(MSG.minGreaterThanMax);
  });

  it('date field: a picked day is set only by Choisir, at 08:00, sent as YYYY-MM-DD', async () => {
    registerFrenchLocale();
    render({ BIRTHDAY: '2025-01-08' }, <DateField name="BIRTHDAY" label="Date" />);
    // The calendar's chunk is lazy: the field appears once it has loaded.
    await vi.waitFor(() => expect(document.getElementById('field-BIRTHDAY')).not.toBeNull());
    const input = document.getElementById('field-BIRTHDAY') as HTMLInputElement;
    expect(input.value).toBe('08/01/2025');
    const clickText = async (selector: string, text: string) => {
      const el = [...document.querySelectorAll<HTMLElement>(selector)].find((e) => e.textContent?.trim() === text);
      if (!el) throw new Error(`${selector} « ${text} » introuvable`);
      await act(async () => el.click());
    };
    await act(async () => input.click());
    // The calendar is French and starts on Monday.
    const heads = [...document.querySelectorAll('.p-datepicker-calendar th')].map((th) => th.textContent?.trim().toLowerCase());
    expect(heads).toEqual(['l', 'm', 'm', 'j', 'v', 's', 'd']);
    await clickText('.p-datepicker-calendar td > span', '20');
    expect(form.getValues('BIRTHDAY')).toBe('2025-01-08');
    await clickText('button', 'Annuler');
    expect(form.getValues('BIRTHDAY')).toBe('2025-01-08');

    await act(async () => input.click());
    await clickText('.p-datepicker-calendar td > span', '20');
    await clickText('button', 'Choisir');
    expect(form.getValues('BIRTHDAY')).toBe('2025-01-20');
    expect(input.value).toBe('20/01/2025');
  });
});
