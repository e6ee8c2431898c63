/** Upload families per field, with the 5 MB limit the spec names. Checked in the browser and by magic bytes on the server. */
export const MAX_FILE_SIZE = 5_242_880;
/** Files one upload request may carry where a field takes several (images of an image-annotation block). */
export const MAX_UPLOAD_FILES = 10;

export type FileFamily = 'image' | 'video' | 'imageOrVideo' | 'imageOrPdf' | 'spreadsheet' | 'csv';

export const FILE_FAMILIES: Record<FileFamily, { mimes: string[]; accept: string; extensions: string[] }> = {
  image: {
    mimes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
    accept: 'image/png,image/jpeg,image/gif,image/webp',
    extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp'],
  },
  video: { mimes: ['video/mp4', 'video/webm', 'video/quicktime'], accept: 'video/mp4,video/webm,video/quicktime', extensions: ['mp4', 'webm', 'mov'] },
  // A gift's media: an image or a video.
  imageOrVideo: {
    mimes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'video/mp4', 'video/webm', 'video/quicktime'],
    accept: 'image/png,image/jpeg,image/gif,image/webp,video/mp4,video/webm,video/quicktime',
    extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'mp4', 'webm', 'mov'],
  },
  imageOrPdf: {
    mimes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'],
    accept: 'image/png,image/jpeg,image/gif,image/webp,application/pdf',
    extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'pdf'],
  },
  spreadsheet: {
    mimes: ['text/csv', 'text/plain', 'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/x-cfb'],
    accept: '.csv,.xls,.xlsx',
    extensions: ['csv', 'xls', 'xlsx'],
  },
  csv: { mimes: ['text/csv', 'text/plain'], accept: '.csv,text/csv,text/plain', extensions: ['csv'] },
};

export function fileExtension(name: string): string {
  const i = name.lastIndexOf('.');
  return i < 0 ? '' : name.slice(i + 1).toLowerCase();
}

/** Browser-side check (name and declared type); the server checks the bytes themselves. */
export function checkFile(file: { name: string; size: number; type?: string }, family: FileFamily): 'type' | 'size' | null {
  const f = FILE_FAMILIES[family];
  const typeOk = f.extensions.includes(fileExtension(file.name)) || (!!file.type && f.mimes.includes(file.type));
  if (!typeOk) return 'type';
  if (file.size > MAX_FILE_SIZE) return 'size';
  return null;
}
