import { useCallback, useEffect, useState } from 'react';
import { http, messageOf } from './http';

/** Loads one list from the server (the array under `key`) for a settings tab, with reload. */
export function useList<T>(path: string, key: string) {
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const { data } = await http.get<Record<string, unknown>>(path);
      const list = data[key];
      setItems(Array.isArray(list) ? (list as T[]) : []);
      setError(null);
    } catch (e) {
      setError(messageOf(e));
      setItems([]);
    }
  }, [path, key]);

  useEffect(() => {
    void load();
  }, [load]);

  return { items, error, reload: load, setItems };
}
