import { useState } from 'react';
import { messageOf } from '../../api/http';

/** Runs one console action: the success message only after the server confirmed, else its error. */
export function useAdminAction(after: () => Promise<void> | void) {
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<string>) => {
    setMessage(null);
    setError(null);
    try {
      setMessage(await action());
      await after();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return { message, error, run };
}
