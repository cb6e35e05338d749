/** The benches' API call against a local stack (api.bench.ts, api-load.bench.ts): same-origin, JSON in and out, a non-2xx answer thrown. */
export function apiCaller(base: string) {
  return async (cookie: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(base + path, {
      method,
      headers: { cookie, 'sec-fetch-site': 'same-origin', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return { json: text ? JSON.parse(text) : undefined, ddb: Number(res.headers.get('x-dynamodb-requests')), cookie: res.headers.getSetCookie()[0]?.split(';')[0] };
  };
}
