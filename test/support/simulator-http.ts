import { DEMO_KEY } from '../../src-main/simulator/accounts.ts';

export interface RawReply {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** Raw HTTP, deliberately not through the app's client: the simulator must stand on its own. */
export async function call(
  url: string,
  init: {
    method?: string;
    body?: unknown;
    key?: string | null;
    headers?: Record<string, string>;
  } = {},
): Promise<RawReply> {
  const headers: Record<string, string> = { ...init.headers };
  const key = init.key === undefined ? DEMO_KEY : init.key;
  if (key !== null) headers['Authorization'] = `Bearer ${key}`;
  let body: string | undefined;
  if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  }
  const response = await fetch(url, {
    method: init.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}
