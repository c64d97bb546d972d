export type JsonCallInit = Omit<RequestInit, 'headers'> & {
  /** Sent as `Authorization: Bearer …`. */
  token?: string;
  /** Sent as the JSON body. */
  json?: unknown;
  headers?: Record<string, string>;
};

/** One HTTP call of a test: JSON body and bearer token set, the answer's JSON parsed (null if empty). */
export async function jsonCall<T = unknown>(
  base: string,
  path: string,
  init: JsonCallInit = {},
): Promise<{ status: number; body: T }> {
  const { token, json, headers: extra, ...rest } = init;
  const headers: Record<string, string> = { ...extra };
  if (json !== undefined) headers['content-type'] = 'application/json';
  if (token) headers['authorization'] = `Bearer ${token}`;
  const res = await fetch(`${base}${path}`, {
    ...rest,
    headers,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
