/**
 * The one HTTP client of the SPA (spec 000 §7–§8). Base '/api' (paths come from API_PATHS of the domain,
 * which already start with /api), 60 s timeout through an AbortController, JSON in and out, cookies sent
 * same-origin only (the draft application is bound to an HttpOnly session cookie).
 *
 * Error mapping (spec 000 §8): 500 → ApiError 'Internal Server Error'; any other status except 200/204 →
 * ApiError 'An unexpected server error occurred.' carrying status, body and headers; a required query
 * parameter that is null or undefined → Error "The parameter 'x' cannot be null." before any request.
 */
import {
  API_PATHS,
  REQUEST_TIMEOUT_MS,
  SESSION_EXPIRES_IN_HEADER,
  nullParameterMessage,
  type Occupation,
  type PepPosition,
  type ProductOffering,
} from '@omo/domain';
import { noteSessionExpiresIn } from './session-clock.ts';

export const API_BASE = '/api';
const INTERNAL_SERVER_ERROR = 'Internal Server Error';
const UNEXPECTED_SERVER_ERROR = 'An unexpected server error occurred.';

/** An HTTP answer other than 200/204, or a timeout (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;

  constructor(message: string, status: number, body: unknown, headers: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

type QueryValue = string | number | boolean | null | undefined;

/** How a request reaches the server: the browser's fetch, or the server's own when it renders a page. */
let transport: typeof fetch = (input, init) => fetch(input, init);

/** The server's rendering of a page (prerender/) answers the app's calls itself. */
export function setApiTransport(send: typeof fetch): void {
  transport = send;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT';
  /** Query parameters; every one listed here is required (null/undefined → error, spec 000 §5). */
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === null || value === undefined) throw new Error(nullParameterMessage(name));
    params.set(name, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function headersToRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Sends one request and returns the parsed JSON answer (null for 204 or an empty body).
 * @throws ApiError for non-200/204 answers and timeouts; Error for a null required parameter.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const url = buildUrl(path, query);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  if (signal) {
    if (signal.aborted) controller.abort();
    else signal.addEventListener('abort', onCallerAbort, { once: true });
  }

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  try {
    let response: Response;
    try {
      response = await transport(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw new ApiError(UNEXPECTED_SERVER_ERROR, 0, null, {});
      throw error;
    }
    // The request used the session: its idle time starts again, as the server counts it.
    const expiresIn = response.headers.get(SESSION_EXPIRES_IN_HEADER);
    if (expiresIn !== null && /^\d+$/.test(expiresIn)) noteSessionExpiresIn(Number(expiresIn));
    if (response.status === 200 || response.status === 204) {
      return (response.status === 204 ? null : await readBody(response)) as T;
    }
    const errorBody = await readBody(response);
    const message = response.status === 500 ? INTERNAL_SERVER_ERROR : UNEXPECTED_SERVER_ERROR;
    throw new ApiError(message, response.status, errorBody, headersToRecord(response.headers));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

/**
 * GET /api/omo/GetApiConfig. The domain's ApiConfig (alloyEnabled, forceIdResult, irsApiUrl, irsRequestKey)
 * plus branding and page settings the server adds; read through `normalizeAppConfig` (app-config.ts).
 */
export function fetchApiConfig(signal?: AbortSignal): Promise<unknown> {
  return apiRequest<unknown>(API_PATHS.getApiConfig, { signal });
}

export function listOnlineAccounts(signal?: AbortSignal): Promise<ProductOffering[]> {
  return apiRequest<ProductOffering[]>(API_PATHS.onlineAccountList, { signal });
}

/** GET /api/omo/GetProduct?prodCodes=a;b — the products found (unknown ids are simply absent). */
export function findProducts(prodCodes: string | null, signal?: AbortSignal): Promise<ProductOffering[]> {
  return apiRequest<ProductOffering[]>(API_PATHS.getProduct, { query: { prodCodes }, signal });
}

export function listOccupations(signal?: AbortSignal): Promise<Occupation[]> {
  return apiRequest<Occupation[]>(API_PATHS.getOccupationList, { signal });
}

export function listPepPositions(signal?: AbortSignal): Promise<PepPosition[]> {
  return apiRequest<PepPosition[]>(API_PATHS.getPepPositionList, { signal });
}

const DEV_PRODUCT_LIST_PATH = `${API_BASE}/dev/productlist`;

export function fetchDevProductList(signal?: AbortSignal): Promise<unknown> {
  return apiRequest<unknown>(DEV_PRODUCT_LIST_PATH, { signal });
}
