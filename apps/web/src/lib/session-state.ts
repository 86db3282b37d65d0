/**
 * Browser-side application state (spec 000 §4): one sessionStorage entry per slice, JSON encoded, under
 * 'omo.<slice>'. The server keeps the truth from "Create your profile" on; these slices only hold what the
 * screens show. Never stored here (design §3): the password, the SIN, ID numbers, verification codes —
 * `setSlice` strips those keys at any depth, whatever a caller passes.
 */
import { useSyncExternalStore } from 'react';
import type { ApplicationFlags, ProductOffering } from '@omo/domain';

/** The application slice: selected products, derived flags and the flow switches. */
export interface ApplicationState {
  selectedProducts: ProductOffering[];
  flags: ApplicationFlags;
  sweepEnabled: boolean;
  promoCode: string;
  referralCode?: string;
  /** Reference code generated on getstarted (prefix + 8 chars + P/J). */
  referenceCode?: string;
  /** True when the identity-verification provider flow is not used for this application. */
  skipAlloy?: boolean;
  alloySubmit?: boolean;
  alloyPIInit?: boolean;
  onfidoApplication?: boolean;
  applicationEndpointReached?: boolean;
}

/** Progress marks of the four visible steps (spec 000 §4), all false at start. */
export interface ProgressState {
  profile: boolean;
  address: boolean;
  confirmProduct: boolean;
  finalizeAccount: boolean;
}

export const INITIAL_PROGRESS: ProgressState = {
  profile: false,
  address: false,
  confirmProduct: false,
  finalizeAccount: false,
};

type Json = Record<string, unknown>;

/** Slice name → stored type. Slices later issues fill are typed loosely until their screens exist. */
export interface SessionSlices {
  application: ApplicationState;
  applicant: Json;
  credential: Json;
  homeAddress: Json;
  mailingAddress: Json;
  progress: ProgressState;
  thirdPartyInfo: Json;
  accountUsage: Json;
  legalTerms: Json;
  termConfig: Json;
  membershipResult: Json;
  branchLocations: unknown[];
}

export type SliceName = keyof SessionSlices;

export const SLICE_NAMES: readonly SliceName[] = [
  'application',
  'applicant',
  'credential',
  'homeAddress',
  'mailingAddress',
  'progress',
  'thirdPartyInfo',
  'accountUsage',
  'legalTerms',
  'termConfig',
  'membershipResult',
  'branchLocations',
];

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

export function isForbiddenKey(key: string): boolean {
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

const listeners = new Set<() => void>();
const cache = new Map<SliceName, { raw: string | null; value: unknown }>();

function notify(): void {
  for (const listener of listeners) listener();
}

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
  notify();
}

/** Merges `patch` into an object slice and stores the result. */
export function updateSlice<K extends Exclude<SliceName, 'branchLocations'>>(
  name: K,
  patch: Partial<SessionSlices[K]>,
): SessionSlices[K] {
  const next = { ...(findSlice(name) ?? {}), ...patch } as SessionSlices[K];
  setSlice(name, next);
  return next;
}

export function clearSlice(name: SliceName): void {
  storage()?.removeItem(PREFIX + name);
  notify();
}

/** Resets every slice (done on the landing page, spec 000 §4). */
export function clearAll(): void {
  const store = storage();
  for (const name of SLICE_NAMES) store?.removeItem(PREFIX + name);
  cache.clear();
  notify();
}

/** Progress marks, with the all-false default. */
export function getProgress(): ProgressState {
  return { ...INITIAL_PROGRESS, ...(findSlice('progress') ?? {}) };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** React view of one slice; re-renders when any slice changes. */
export function useSessionSlice<K extends SliceName>(name: K): SessionSlices[K] | undefined {
  return useSyncExternalStore(
    subscribe,
    () => findSlice(name),
    () => undefined,
  );
}
