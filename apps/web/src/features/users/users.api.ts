import { type ClientUser, type ClientUserBody, type ClientUserCounts, type ClientUserTab, CLIENT_USER_TABS } from '@app/domain';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The calls of the users listing (/layout/contacts/users); see apps/api/src/modules/staff/client-users.routes.ts. */
export const CLIENT_USERS_PATH = 'client-users';
export const COUNTS_PATH = `${CLIENT_USERS_PATH}/counts`;
/** The tabs' counts; under the resource path, so invalidateClientUsers refreshes them. */
export const COUNTS_KEY = [COUNTS_PATH] as const;

/** The list call of a tab: its STATUS rides in the path, so each tab has its own cache key. */
export const tabPath = (tab: ClientUserTab) => `${CLIENT_USERS_PATH}?status=${CLIENT_USER_TABS.find((t) => t.key === tab)?.status ?? 1}`;

export const fetchCounts = () => api.get<ClientUserCounts>(COUNTS_PATH);
export const createClientUser = (body: ClientUserBody) => api.post<ClientUser>(CLIENT_USERS_PATH, body);
/** Edit and the STATUS switch: the spec's PUT users/{id}, which takes the client user's fields. */
export const updateClientUser = (id: number, body: Partial<ClientUserBody>) => api.put<ClientUser>(`users/${id}`, body);

/** Both tabs and their counts: a validated request leaves one tab for the other. */
export const invalidateClientUsers = (qc: QueryClient) =>
  qc.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(CLIENT_USERS_PATH) });
