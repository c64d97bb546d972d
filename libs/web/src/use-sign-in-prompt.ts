import { useState } from 'react';
import { useLocation } from './router';
import { useSession } from './session';

/**
 * What a "sign in to …" prompt needs: the session status, a `signIn` that comes back to the
 * current page afterwards, its pending state and a readable problem when sign-in cannot start.
 */
export function useSignInPrompt() {
  const session = useSession();
  const location = useLocation();
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState('');

  const signIn = async () => {
    setStarting(true);
    setProblem('');
    try {
      await session.login({ redirectTo: location.pathname + location.search });
    } catch (error) {
      setProblem(
        error instanceof Error && error.message
          ? error.message
          : 'Sign-in could not start. Please try again.',
      );
    } finally {
      setStarting(false);
    }
  };

  return { status: session.status, signIn, starting, problem };
}
