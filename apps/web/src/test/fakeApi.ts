import { API_PREFIX, type CallData, type CallName, calls } from '@fansite/contract';

/** How the fake server answers one call: its data, or a failure with a code and message. */
type FakeAnswer<Name extends CallName> =
  { data: CallData<Name> } | { code: number; message: string };

/** A call's answer, or a promise of it (one that never settles holds the page in its loading state). */
export type FakeApi = {
  [Name in CallName]?: (query: URLSearchParams) => FakeAnswer<Name> | Promise<FakeAnswer<Name>>;
};

const pathToCall = new Map<string, CallName>(
  Object.entries(calls).map(([name, call]) => [`${API_PREFIX}${call.path}`, name as CallName]),
);

/**
 * A fetch that plays the API: answers each call from `api` in the API's envelope, 404 for calls it
 * was not given, and keeps the URL of every request so tests can check what was asked.
 */
export function createFakeFetch(api: FakeApi) {
  const requests: URL[] = [];
  const fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    requests.push(url);
    const name = pathToCall.get(url.pathname);
    const answer = name ? await api[name]?.(url.searchParams) : undefined;
    const envelope =
      answer === undefined
        ? { code: 404, message: 'Not found', data: null }
        : 'data' in answer
          ? { code: 200, message: '', data: answer.data }
          : { code: answer.code, message: answer.message, data: null };
    return new Response(JSON.stringify(envelope), {
      status: envelope.code,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch, requests };
}
