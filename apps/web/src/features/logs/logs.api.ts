import type { StaffUser } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The calls of the log screens (connection logs, audit trail) beyond their lists. */
export const userKey = (id: number | null) => ['users', 'one', id] as const;
export const fetchUser = (id: number) => api.get<StaffUser>(`users/${id}`);

/** One account: the user dialog of a connection, the chip of the audit's user filter. */
export const useUser = (id: number | null) => useQuery({ queryKey: userKey(id), queryFn: () => fetchUser(id as number), enabled: id != null });
