import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, get, setCsrfToken } from './api/client';
import type { Role, SessionDto } from './api/types';

export const SESSION_KEY = ['session'] as const;

/** The signed-in person (or null), read from `GET /api/v1/auth/session`; the CSRF token rides along. */
export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async (): Promise<SessionDto | null> => {
      try {
        const session = await get<SessionDto>('/api/v1/auth/session');
        setCsrfToken(session.csrfToken);
        return session;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
          setCsrfToken(null);
          return null;
        }
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

export function useSetSession() {
  const client = useQueryClient();
  return (session: SessionDto | null) => {
    setCsrfToken(session?.csrfToken ?? null);
    if (session === null) client.clear();
    client.setQueryData(SESSION_KEY, session);
  };
}

const RANK: Record<Role, number> = { VIEWER: 0, OPERATOR: 1, ADMIN: 2 };

/** Whether the person's role on an account reaches `needed`; write buttons are shown only then. */
export function roleAllows(role: Role | undefined, needed: Role): boolean {
  return role !== undefined && RANK[role] >= RANK[needed];
}
