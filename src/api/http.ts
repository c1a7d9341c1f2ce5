import axios, { AxiosError } from 'axios';
import { storage } from './storage';

/**
 * The one HTTP client of the SPA. Every request carries the stored access token (raw, as the
 * server expects); failures are turned into the server's human message by `messageOf`.
 */
export const http = axios.create({ baseURL: '/api/', timeout: 20_000 });

http.interceptors.request.use((config) => {
  const token = storage.token();
  if (token) config.headers.set('Authorization', token);
  return config;
});

export type Http = typeof http;

const fallbackMessage = 'Something went wrong, please try again';

/** The message a person should read for a failed call: the server's `message` when it sent one. */
export function messageOf(error: unknown): string {
  if (error instanceof AxiosError) {
    const data = error.response?.data as { message?: unknown; error?: unknown } | undefined;
    if (data && typeof data.message === 'string' && data.message) return data.message;
    if (data && typeof data.error === 'string' && data.error) return data.error;
    if (!error.response) return 'The portal cannot be reached; check your connection and try again';
    return fallbackMessage;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallbackMessage;
}

type FormValue = string | number | boolean | Blob | null | undefined | Array<Blob>;

/** Builds the multipart body used for every write: files as file parts, the rest as text. */
export function toFormData(values: Record<string, FormValue>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((file) => form.append(key, file));
    else if (value instanceof Blob) form.append(key, value);
    else form.append(key, String(value));
  }
  return form;
}
