import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { SessionProvider } from './session';
import { type SessionController } from './session-controller';

export interface LiveSessionProviderProps {
  controller: SessionController;
  children: ReactNode;
}

/** Provides the controller's session to the tree and starts it (once) after the first render. */
export function LiveSessionProvider({ controller, children }: LiveSessionProviderProps) {
  const session = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  useEffect(() => {
    void controller.start();
  }, [controller]);
  return <SessionProvider value={session}>{children}</SessionProvider>;
}
