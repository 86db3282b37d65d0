/** The back office's calls: same origin, JSON, the session's CSRF token on every changing call. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(detail);
  }
}

let csrfToken = '';
export const setCsrfToken = (token: string) => {
  csrfToken = token;
};

export async function api<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'POST' ? { 'x-csrf-token': csrfToken } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const data = (await response.json().catch(() => ({}))) as { detail?: string };
  if (!response.ok) throw new ApiError(response.status, data.detail ?? response.statusText);
  return data as T;
}

/** A new id for one click of an action: sent again, the same request is answered, not done twice. */
export const newRequestId = () => crypto.randomUUID().replace(/-/g, '');
