import type { CompanySettings, CompanySettingsBody, ConfigEntry, ProgrammeSettings, ProgrammeSettingsBody } from '@app/domain';
import { api } from '../../lib/api';

export const BANNER_KEY = ['banniere'] as const;
export const POPUP_KEY = ['popup', 'images'] as const;
export const CONFIGS_KEY = ['configs'] as const;
export const COMPANY_KEY = ['settings'] as const;
export const PROGRAMME_KEY = ['settings', 'programme'] as const;

const fileData = (files: File[], name = 'file') => {
  const data = new FormData();
  for (const f of files) data.append(name, f, f.name);
  return data;
};

export const fetchBanner = () => api.get<string | null>('banniere');
export const replaceBanner = (file: File) => api.post<string>('banniere', fileData([file]));
export const fetchPopup = () => api.get<string[]>('popup/images');
export const addPopupImages = (files: File[]) => api.post<string[]>('popup/upload', fileData(files, 'files'));
export const removePopupImage = (image_path: string) => api.delete<string[]>('popup/delete', { body: { image_path } });
export const fetchConfigs = () => api.get<ConfigEntry[]>('configs');
export const saveConfig = (id: number, body: { NAME: string; DESCRIPTION: string }) => api.put<ConfigEntry>(`configs/${id}`, body);
/** Silent: a failed upload is told by the screen with the spec's own message. */
export const uploadConfigFile = (id: number, file: File) => api.post<ConfigEntry>(`configs/media/${id}`, fileData([file]), { silent: true });
export const deleteConfig = (id: number) => api.delete<{ id: number }>(`configs/${id}`);
export const fetchCompany = () => api.get<CompanySettings>('settings');
export const saveCompany = (id: number | null, body: CompanySettingsBody) =>
  id == null ? api.post<CompanySettings>('settings', body) : api.put<CompanySettings>('settings', body);
export const fetchProgramme = () => api.get<ProgrammeSettings>('settings/programme');
export const saveProgramme = (body: ProgrammeSettingsBody) => api.put<ProgrammeSettings>('settings/programme', body);
