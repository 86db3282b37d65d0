/**
 * The encryption keys of sensitive answers, loaded once per process: `app.ciphers.sin` for SINs and
 * `app.ciphers.documents` for identity images and `app.ciphers.links` for link codes and `app.ciphers.digests` for digests of answers (keys derived
 * from the same secret).
 */
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import {
  createAnswerDigests,
  createDocumentCipher,
  createLinkCodes,
  createSinCipher,
  deriveKey,
  loadSinKey,
  type AnswerDigests,
  type BytesCipher,
  type LinkCodes,
  type SinCipher,
} from '../lib/crypto.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ciphers: {
      sin: SinCipher;
      documents: BytesCipher;
      links: LinkCodes;
      digests: AnswerDigests;
      /** The sandbox partners' own key (their codes' hashes), the same in every process. */
      sandboxSecret: Buffer;
    };
  }
}

export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const { key, source } = loadSinKey(config);
    app.log.info({ sinKey: source }, 'encryption key loaded');
    app.decorate('ciphers', {
      sin: createSinCipher(key),
      documents: createDocumentCipher(key),
      links: createLinkCodes(key),
      digests: createAnswerDigests(key),
      sandboxSecret: deriveKey(key, 'omo sandbox partners'),
    });
  },
  { name: 'ciphers' },
);
