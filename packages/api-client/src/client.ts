import {
  API_PREFIX,
  calls,
  type CallData,
  type CallInput,
  type CallName,
  type Envelope,
} from '@fansite/contract';
import ky, { type KyInstance } from 'ky';

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

async function readEnvelope(response: Response): Promise<Envelope<unknown>> {
  try {
    const body = (await response.json()) as Partial<Envelope<unknown>>;
    return {
      code: typeof body.code === 'number' ? body.code : response.status,
      message: typeof body.message === 'string' ? body.message : '',
      data: body.data ?? null,
    };
  } catch {
    return { code: response.status, message: '', data: null };
  }
}

export function createApiClient(options: ApiClientOptions = {}) {
  const http: KyInstance = ky.create({
    baseUrl: options.baseUrl ?? globalThis.location?.origin,
    prefix: API_PREFIX,
    throwHttpErrors: false,
    retry: 0,
    timeout: 30_000,
    fetch: options.fetch,
  });

  // Public calls never wait for the identity service (it may still be restoring a session).
  async function authHeaders(name: CallName, anonymous = false): Promise<Record<string, string>> {
    if (calls[name].auth === 'none' || anonymous) return {};
    const token = await options.getIdToken?.();
    return token ? { Authorization: `Bearer ${token}` } : {};
  }

  /** Sends a call and returns its whole envelope, whatever its code (network failures throw). */
  async function envelope<Name extends CallName>(
    name: Name,
    input: CallInput<Name>,
    requestOptions: RequestOptions = {},
  ): Promise<Envelope<CallData<Name>>> {
    const { method, path, inputKind } = calls[name];
    const fields = (input ?? {}) as Fields;
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

  return { envelope, request };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The server's message of a failed call, or the generic text. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return GENERIC_ERROR_MESSAGE;
}
