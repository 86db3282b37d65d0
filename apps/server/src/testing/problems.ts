/** Assertions on the API's problem answers (RFC 9457 problem details with the field errors of a form). */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** `path key: message` → the field error as the API sends it (the message in English). */
function fieldError(written: string): { path: string; key: string; message: string } {
  const match = /^(\S*) (\S+): (.*)$/s.exec(written);
  if (!match) throw new Error(`a field error is written "path key: message", not "${written}"`);
  return { path: match[1]!, key: match[2]!, message: match[3]! };
}

/**
 * Expects a 400 problem whose field errors are exactly these, in this order, each written
 * `path key: message` (its path, message key and English message).
 */
export function expectFieldErrors(res: LightMyRequestResponse, ...errors: string[]): void {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json<{ errors?: unknown }>().errors).toEqual(errors.map(fieldError));
}
