import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import { currentLanguage, i18n } from '../i18n';
import { storage } from './storage';

/**
 * The one HTTP client of the SPA. Every request carries the stored access token (raw, as the
 * server expects) and the language the SPA shows as Accept-Language, so the server's messages come
 * in that language; failures are turned into the server's human message by `messageOf`.
 *
 * axios itself (about 21 kB gzip) is loaded on the first request, not with the entry chunk: no page
 * needs it to paint, and `preloadHttp()` at boot starts its download beside the page's own chunk.
 */
let client: Promise<AxiosInstance> | undefined;

function axiosClient(): Promise<AxiosInstance> {
  client ??= import('axios').then(({ default: axios }) => {
    const instance = axios.create({ baseURL: '/api/', timeout: 20_000 });
    instance.interceptors.request.use((config) => {
      const token = storage.token();
      if (token) config.headers.set('Authorization', token);
      // The SPA's own choice, not the browser's list: someone who switched to Arabic reads Arabic.
      config.headers.set('Accept-Language', currentLanguage());
      return config;
    });
    return instance;
  });
  return client;
}

/** Starts loading the client without waiting for it (called once at boot). */
export function preloadHttp(): void {
  void axiosClient().catch(() => {
    // A failed download is retried by the next request.
    client = undefined;
  });
}

// `any` by default, as axios's own methods.
export const http = {
  get: <T = any>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> => axiosClient().then((c) => c.get<T>(url, config)),
  delete: <T = any>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> => axiosClient().then((c) => c.delete<T>(url, config)),
  post: <T = any>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    axiosClient().then((c) => c.post<T>(url, data, config)),
  patch: <T = any>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    axiosClient().then((c) => c.patch<T>(url, data, config)),
  put: <T = any>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> => axiosClient().then((c) => c.put<T>(url, data, config)),
};

export type Http = typeof http;

/** The server's answer carried by a failed request (status and body), or undefined when there was none. */
export function responseOf(error: unknown): { status: number; data: unknown } | undefined {
  // axios marks its errors; checking the mark keeps the AxiosError class out of the entry chunk.
  if (typeof error !== 'object' || error === null || !(error as { isAxiosError?: unknown }).isAxiosError) return undefined;
  const response = (error as { response?: { status: number; data: unknown } }).response;
  return response ? { status: response.status, data: response.data } : undefined;
}

const isHttpError = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;

// Worded when the failure is read, in the language shown then: no server words to fall back on.
const fallbackMessage = () => i18n.t('errors.generic');

/** The message a person should read for a failed call: the server's `message` when it sent one. */
export function messageOf(error: unknown): string {
  if (isHttpError(error)) {
    const response = responseOf(error);
    const data = response?.data as { message?: unknown; error?: unknown } | undefined;
    if (data && typeof data.message === 'string' && data.message) return data.message;
    if (data && typeof data.error === 'string' && data.error) return data.error;
    if (!response) return i18n.t('errors.unreachable');
    return fallbackMessage();
  }
  if (error instanceof Error && error.message) return error.message;
  return fallbackMessage();
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
