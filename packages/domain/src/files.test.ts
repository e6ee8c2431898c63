import { describe, expect, it } from 'vitest';
import { checkFile, MAX_FILE_SIZE } from './files';

describe('file checks in the browser', () => {
  it('accepts the family and refuses other extensions', () => {
    expect(checkFile({ name: 'logo.PNG', size: 10, type: 'image/png' }, 'image')).toBeNull();
    expect(checkFile({ name: 'doc.pdf', size: 10, type: 'application/pdf' }, 'image')).toBe('type');
    expect(checkFile({ name: 'doc.pdf', size: 10, type: 'application/pdf' }, 'imageOrPdf')).toBeNull();
    expect(checkFile({ name: 'codes.csv', size: 10, type: 'text/csv' }, 'csv')).toBeNull();
    expect(checkFile({ name: 'codes.xlsx', size: 10, type: '' }, 'csv')).toBe('type');
  });
  it('refuses more than 5 MB', () => {
    expect(checkFile({ name: 'a.png', size: MAX_FILE_SIZE, type: 'image/png' }, 'image')).toBeNull();
    expect(checkFile({ name: 'a.png', size: MAX_FILE_SIZE + 1, type: 'image/png' }, 'image')).toBe('size');
  });
});
