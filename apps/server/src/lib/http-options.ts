/** Options both listeners (the applicants' and the staff's) are built with. */
import type { AppConfig } from '../config.ts';

/** The Content-Security-Policy directives of every answer (the applicants' app adds its partners' scripts). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  // No page uses <base>, so none may be injected to send relative URLs elsewhere.
  baseUri: ["'none'"],
  objectSrc: ["'none'"],
};

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest the server. */
export function trustProxyOption(
  trust: AppConfig['trustProxy'],
): boolean | string[] | ((a: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
