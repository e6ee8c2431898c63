import { flag01, MSG, optionalText, requiredText } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../http';
import { createUpload, formFieldsToBody } from './form-body';

/** Form-data creates (resources with `formCreate`): text fields read as the JSON body would be. */
describe('formFieldsToBody', () => {
  const schema = z.object({
    NAME: requiredText(50),
    COUNT: z.number().int().min(0),
    CODE: z.string(),
    FLAG: flag01(),
    ON: z.boolean().optional(),
    NOTE: optionalText(),
  });

  it('gives a number or a boolean where the field takes one and the text is one', () => {
    const body = formFieldsToBody(schema, { NAME: '123', COUNT: ' 42 ', CODE: '007', FLAG: '1', ON: 'true', NOTE: '' });
    // Text fields keep their text, even when it looks like a number.
    expect(body).toEqual({ NAME: '123', COUNT: 42, CODE: '007', FLAG: '1', ON: true, NOTE: '' });
    expect(schema.parse(body)).toEqual({ NAME: '123', COUNT: 42, CODE: '007', FLAG: 1, ON: true, NOTE: null });
  });

  it('leaves a wrong value as text so the field answers with its own message', () => {
    const body = formFieldsToBody(schema, { NAME: '', COUNT: 'douze', CODE: 'x', FLAG: '0' });
    expect(body).toMatchObject({ NAME: '', COUNT: 'douze' });
    const issues = schema.safeParse(body).error?.issues.map((i) => [i.path[0], i.message]);
    expect(issues).toContainEqual(['NAME', MSG.required]);
    expect(issues?.map(([p]) => p)).toContain('COUNT');
  });

  it('strips script and PHP tags like the JSON bodies, and passes unknown fields through as text', () => {
    expect(formFieldsToBody(schema, { NAME: 'A<script>x()</script>B<?php echo 1; ?>', EXTRA: '5' })).toEqual({ NAME: 'AB', EXTRA: '5' });
  });
});

describe('createUpload', () => {
  const names = { image: 'image' as const, doc: 'imageOrPdf' as const };
  const file = (field: string, fileName: string, bytes = 3) => ({ field, fileName, buffer: Buffer.alloc(bytes, 1) });

  it('takes `file` as the first media name and a media name as itself', () => {
    expect(createUpload(names, [file('file', 'a.png')])).toMatchObject({ name: 'image', family: 'image' });
    expect(createUpload(names, [file('doc', 'a.pdf')])).toMatchObject({ name: 'doc', family: 'imageOrPdf' });
  });

  it('treats an empty file input as no file, and refuses an empty named file or an unknown field', () => {
    expect(createUpload(names, [])).toBeNull();
    expect(createUpload(names, [file('file', '', 0)])).toBeNull();
    expect(() => createUpload(names, [file('file', 'vide.png', 0)])).toThrow(AppError);
    expect(() => createUpload(names, [file('logo', 'a.png')])).toThrow('Champ de fichier inconnu');
  });
});
