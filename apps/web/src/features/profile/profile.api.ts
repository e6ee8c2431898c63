import type { ProfileBody } from '@app/domain';
import { api } from '../../lib/api';

export interface Profile {
  id?: number;
  LASTNAME: string;
  FIRSTNAME: string;
  EMAIL: string;
  GSM: string | null;
}

export const PROFILE_KEY = ['profile'] as const;

export const fetchProfile = () => api.get<Profile>('profile');

/** Silent: the page turns a 422 into the spec's 'Email Existe' warning and a field error. */
export const saveProfile = (body: ProfileBody) => api.put<Profile | null>('profile', body, { silent: true });
