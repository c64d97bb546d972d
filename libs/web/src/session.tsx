import { createContext, type ReactNode, useContext } from 'react';

export interface SessionUser {
  id: string;
  username: string;
  displayName: string;
  roles: readonly string[];
}

/** Who is using the app. The shell provides it; remotes read it through the shared singleton. */
export type Session =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: SessionUser };

const SIGNED_OUT: Session = { status: 'signed-out' };

const SessionContext = createContext<Session>(SIGNED_OUT);

export interface SessionProviderProps {
  value: Session;
  children: ReactNode;
}

export function SessionProvider({ value, children }: SessionProviderProps) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}

export function isAdmin(session: Session): boolean {
  return session.status === 'signed-in' && session.user.roles.includes('admin');
}
