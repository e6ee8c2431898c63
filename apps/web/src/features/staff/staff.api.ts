import { useQuery } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { api } from '../../lib/api';

/** The staff screens' calls (back-office users, zone chiefs) beyond their lists; the spec's own paths. */
export interface RoleRow {
  id: number;
  LABEL: string;
}
export const ROLES_KEY = ['roles', 'all'] as const;
export const fetchRoles = () => api.get<RoleRow[]>('roles');
/** The roles, shaped by the caller (`select`): each screen its own options from one cached list. */
export const useRoles = <T>(enabled: boolean, select: (rows: RoleRow[]) => T) => useQuery({ queryKey: ROLES_KEY, queryFn: fetchRoles, enabled, select });

/** Add and edit dialogs: POST to the kind's create path, PUT to the account's own path. */
export const createAccount = <Row>(path: string, values: FieldValues) => api.post<Row>(path, values);
export const updateAccount = <Row>(path: string, values: FieldValues) => api.put<Row>(path, values);
/** A switch in the list (STATUS…) saved at once. */
export const saveUserField = (id: number, field: string, value: unknown) => api.put(`users/${id}`, { [field]: value });

/** Whether no other account has this e-mail (the account being edited ignored). Silent: a failed check is no answer. */
export const isEmailUnique = (email: string, ignore: number | null) =>
  api.post<{ unique: boolean }>('validations/email/unique', { email, ignore }, { silent: true });
