/**
 * The encryption keys of sensitive answers, loaded once per process: `app.ciphers.sin` for SINs and
 * `app.ciphers.documents` for identity images (a key derived from the same secret).
 */
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import {
  createDocumentCipher,
  createSinCipher,
  loadSinKey,
  type BytesCipher,
  type SinCipher,
} from '../lib/crypto.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ciphers: { sin: SinCipher; documents: BytesCipher };
  }
}

export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const { key, source } = loadSinKey(config);
    app.log.info({ sinKey: source }, 'encryption key loaded');
    app.decorate('ciphers', { sin: createSinCipher(key), documents: createDocumentCipher(key) });
  },
  { name: 'ciphers' },
);
