/**
 * A JSON answer prepared once and then only looked up: its bytes, brotli and gzip forms and a validator
 * (ETag) made when it is cached, so a request costs a header comparison and a write.
 * - `If-None-Match` naming the ETag (or `*`) → 304 without a body;
 * - otherwise the best form the client accepts (br, then gzip, then none), with `Vary: Accept-Encoding`;
 * - `Cache-Control: no-cache`: a client keeps the answer but asks again (ClearCache may change it).
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { keepAtMost } from './bounded-map.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface PrecompressedJson {
  readonly etag: string;
  /** The JSON text as it is (sent as a string: Node writes it faster than the same bytes as a Buffer). */
  readonly text: string;
  readonly identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

/** Compresses a JSON text both ways (in the thread pool) and names it by its content. */
export async function precompressJson(json: string): Promise<PrecompressedJson> {
  const identity = Buffer.from(json, 'utf8');
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // Weak: the same answer has three encodings, and If-None-Match compares weakly.
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { etag, text: json, identity, br, gzip: gz };
}

/** Whether an If-None-Match header names this ETag (weak comparison) or is `*`. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.slice(2); // without W/
  for (const raw of ifNoneMatch.split(',')) {
    const tag = raw.trim();
    if (tag === '*' || tag === etag || tag === opaque || tag.slice(2) === opaque) return true;
  }
  return false;
}

type Coding = 'br' | 'gzip' | undefined;

/** Accept-Encoding values already read (browsers send a handful); past this many, the first is dropped. */
const MAX_KNOWN_ACCEPT_ENCODINGS = 64;
const knownAcceptEncodings = new Map<string, Coding>();

/**
 * The coding to send for an Accept-Encoding header: br or gzip when accepted (named, or through `*`, with
 * a weight above 0), else none. Our own preference (br, the smaller) decides between two accepted codings.
 * A header value read before is a lookup.
 */
function chooseEncoding(acceptEncoding: string | undefined): Coding {
  if (!acceptEncoding) return undefined;
  let coding = knownAcceptEncodings.get(acceptEncoding);
  if (coding === undefined && !knownAcceptEncodings.has(acceptEncoding)) {
    coding = readAcceptEncoding(acceptEncoding);
    keepAtMost(knownAcceptEncodings, MAX_KNOWN_ACCEPT_ENCODINGS, acceptEncoding, coding);
  }
  return coding;
}

function readAcceptEncoding(acceptEncoding: string): Coding {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';');
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    weights.set(name.trim().toLowerCase(), q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const accepted = (coding: string) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  return accepted('gzip') ? 'gzip' : undefined;
}

/** Sends a prepared answer: 304 when the client has it, else its best encoding. */
export function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: PrecompressedJson,
): FastifyReply {
  reply.header('etag', payload.etag).header('vary', 'Accept-Encoding').header('cache-control', 'no-cache');
  if (matchesEtag(request.headers['if-none-match'], payload.etag)) return reply.code(304).send();
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  reply.type('application/json; charset=utf-8');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? payload[encoding] : payload.text);
}
