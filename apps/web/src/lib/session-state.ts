/**
 * Browser-side state: one sessionStorage entry per slice, JSON encoded, under 'omo.<slice>'. The server
 * keeps the application from "Create your profile" on (answers, progress, the reference number), so the
 * only slice is the landing page's choice. Never stored here: the password, the SIN, ID numbers,
 * verification codes — `setSlice` strips those keys at any depth, whatever a caller passes.
 */
import type { ProductOffering } from '@omo/domain';

/**
 * The application slice: what the landing page chose before the server holds an application (the products,
 * sweep, promo code) and whether getstarted was opened with forcetutest=true.
 */
export interface ApplicationState {
  selectedProducts: ProductOffering[];
  sweepEnabled: boolean;
  promoCode: string;
  /** getstarted had forcetutest=true (the server honours it off production only). */
  forceTuTest?: boolean;
}

/** Slice name → stored type. The server holds everything else from 'Create your profile' on. */
interface SessionSlices {
  application: ApplicationState;
}

type SliceName = keyof SessionSlices;

const PREFIX = 'omo.';

/** Keys that must never reach browser storage (compared case-insensitively). */
const FORBIDDEN_KEYS = new Set([
  'password',
  'confirmpassword',
  'newpassword',
  'sin',
  'socialinsurancenumber',
  'verificationcode',
  'code',
  'idnumber',
]);

function isForbiddenKey(key: string): boolean {
  const k = key.toLowerCase();
  return FORBIDDEN_KEYS.has(k) || k.includes('password');
}

/** A deep copy of `value` without forbidden keys. */
export function stripSensitive<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => stripSensitive(v)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (!isForbiddenKey(key)) out[key] = stripSensitive(v);
    }
    return out as T;
  }
  return value;
}

const cache = new Map<SliceName, { raw: string | null; value: unknown }>();

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored value of a slice, or undefined when absent or unreadable. */
export function findSlice<K extends SliceName>(name: K): SessionSlices[K] | undefined {
  const raw = storage()?.getItem(PREFIX + name) ?? null;
  const cached = cache.get(name);
  if (cached && cached.raw === raw) return cached.value as SessionSlices[K] | undefined;
  let value: unknown;
  try {
    value = raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    value = undefined;
  }
  cache.set(name, { raw, value });
  return value as SessionSlices[K] | undefined;
}

/** Stores a slice (sensitive keys removed). */
export function setSlice<K extends SliceName>(name: K, value: SessionSlices[K]): void {
  storage()?.setItem(PREFIX + name, JSON.stringify(stripSensitive(value)));
}

/** Merges `patch` into an object slice and stores the result. */
export function updateSlice<K extends SliceName>(
  name: K,
  patch: Partial<SessionSlices[K]>,
): SessionSlices[K] {
  const next = { ...(findSlice(name) ?? {}), ...patch } as SessionSlices[K];
  setSlice(name, next);
  return next;
}

/** Resets every slice, and any other 'omo.' entry an earlier version left (done on the landing page). */
export function clearAll(): void {
  const store = storage();
  if (store) {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
      (key): key is string => key !== null && key.startsWith(PREFIX),
    );
    for (const key of keys) store.removeItem(key);
  }
  cache.clear();
}
