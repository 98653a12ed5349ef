import {
  API_PREFIX,
  endpoints,
  type CallData,
  type CallInput,
  type CallName,
  type Envelope,
} from '@fansite/contract';
import type { KyInstance } from 'ky';

/** The text docs/product.md shows when a call fails and the server gave no message. */
export const GENERIC_ERROR_MESSAGE = 'An error occurred while fetching data.';

/** A call that did not return code 200: carries the server's code and message. */
export class ApiError extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message || GENERIC_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.code = code;
  }
}

export interface ApiClientOptions {
  /** Origin of the API; the page's own origin when omitted. */
  baseUrl?: string;
  /** Returns the signed-in user's ID token, or null; sent as `Authorization: Bearer`. */
  getIdToken?: () => Promise<string | null>;
  /** Injected in tests. */
  fetch?: typeof globalThis.fetch;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Send no token even when someone is signed in (a read cached as the signed-out answer). */
  anonymous?: boolean;
}

export interface UploadOptions extends RequestOptions {
  /** Called as the body goes out, with the share sent so far (0 to 1). */
  onUploadProgress?: (fraction: number) => void;
}

type Fields = Record<string, string | number | boolean | Blob | undefined | null>;

function toSearchParams(fields: Fields): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === '' || value instanceof Blob) continue;
    params.set(key, String(value));
  }
  return params;
}

function toFormData(fields: Fields): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === '') continue;
    form.set(key, value instanceof Blob ? value : String(value));
  }
  return form;
}

function envelopeFrom(status: number, body: unknown): Envelope<unknown> {
  const fields = (body && typeof body === 'object' ? body : {}) as Partial<Envelope<unknown>>;
  return {
    code: typeof fields.code === 'number' ? fields.code : status,
    message: typeof fields.message === 'string' ? fields.message : '',
    data: fields.data ?? null,
  };
}

async function readEnvelope(response: Response): Promise<Envelope<unknown>> {
  try {
    return envelopeFrom(response.status, await response.json());
  } catch {
    return envelopeFrom(response.status, null);
  }
}

export function createApiClient(options: ApiClientOptions = {}) {
  // ky is fetched with the first call, not with the app: a page the server rendered carries its
  // data, so the browser starts it without ky (docs/browser.md, what the app starts with). A
  // failed fetch of ky is tried again at the next call.
  let http: Promise<KyInstance> | undefined;
  function httpClient(): Promise<KyInstance> {
    http ??= import('ky').then(
      ({ default: ky }) =>
        ky.create({
          baseUrl: options.baseUrl ?? globalThis.location?.origin,
          prefix: API_PREFIX,
          throwHttpErrors: false,
          retry: 0,
          timeout: 30_000,
          fetch: options.fetch,
        }),
      (error: unknown) => {
        http = undefined;
        throw error;
      },
    );
    return http;
  }

  // Public calls never wait for the identity service (it may still be restoring a session).
  async function authHeaders(name: CallName, anonymous = false): Promise<Record<string, string>> {
    if (endpoints[name].auth === 'none' || anonymous) return {};
    const token = await options.getIdToken?.();
    return token ? { Authorization: `Bearer ${token}` } : {};
  }

  /** Sends a call and returns its whole envelope, whatever its code (network failures throw). */
  async function envelope<Name extends CallName>(
    name: Name,
    input: CallInput<Name>,
    requestOptions: RequestOptions = {},
  ): Promise<Envelope<CallData<Name>>> {
    const { method, path, inputKind } = endpoints[name];
    const fields = (input ?? {}) as Fields;
    const http = await httpClient();
    const response = await http(path, {
      method,
      signal: requestOptions.signal,
      headers: await authHeaders(name, requestOptions.anonymous),
      searchParams: inputKind === 'query' ? toSearchParams(fields) : undefined,
      body:
        inputKind === 'form'
          ? toSearchParams(fields)
          : inputKind === 'multipart'
            ? toFormData(fields)
            : undefined,
    });
    return (await readEnvelope(response)) as Envelope<CallData<Name>>;
  }

  /** Sends a call and returns its data; any code other than 200 throws an ApiError. */
  async function request<Name extends CallName>(
    name: Name,
    input: CallInput<Name>,
    requestOptions?: RequestOptions,
  ): Promise<CallData<Name>> {
    const result = await envelope(name, input, requestOptions);
    if (result.code !== 200) throw new ApiError(result.code, result.message);
    return result.data;
  }

  /**
   * Sends a multipart call through XMLHttpRequest, whose upload events tell how much of a file has
   * gone out (fetch cannot, over HTTP/1.1). Answers the envelope, whatever its code; a network
   * failure or an abort rejects.
   */
  async function upload<Name extends CallName>(
    name: Name,
    input: CallInput<Name>,
    { signal, onUploadProgress }: UploadOptions = {},
  ): Promise<Envelope<CallData<Name>>> {
    // A client given its own fetch (another runtime, a test) sends uploads with it, without
    // progress events.
    if (options.fetch) return envelope(name, input, { signal });
    const { method, path } = endpoints[name];
    const headers = await authHeaders(name);
    const base = options.baseUrl ?? globalThis.location?.origin;
    const url = new URL(`${API_PREFIX}${path}`, base);
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(method, url.href);
      for (const [header, value] of Object.entries(headers)) xhr.setRequestHeader(header, value);
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0)
          onUploadProgress?.(event.loaded / event.total);
      });
      xhr.addEventListener('load', () => {
        let body: unknown = null;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          // Not an envelope (a proxy's error page): the status alone tells what happened.
        }
        resolve(envelopeFrom(xhr.status, body) as Envelope<CallData<Name>>);
      });
      xhr.addEventListener('error', () => reject(new TypeError('Network request failed')));
      xhr.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(toFormData((input ?? {}) as Fields));
    });
  }

  return { envelope, request, upload };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The server's message of a failed call, or the generic text. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return GENERIC_ERROR_MESSAGE;
}
