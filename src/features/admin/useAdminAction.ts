import { useState } from 'react';
import type { AsyncThunkAction } from '@reduxjs/toolkit';
import { useAppDispatch } from '../../app/hooks';
import { rejectionMessage } from '../../app/serverThunk';

/** Runs one console action: the success message only after the server confirmed, else its error. */
export function useAdminAction(after: () => unknown) {
  const dispatch = useAppDispatch();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: AsyncThunkAction<string, any, any>) => {
    setMessage(null);
    setError(null);
    try {
      setMessage(await dispatch(action).unwrap());
      await after();
    } catch (e) {
      setError(rejectionMessage(e));
    }
  };
  return { message, error, run };
}
