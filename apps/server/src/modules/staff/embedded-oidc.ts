/**
 * The embedded OpenID provider (oidc-provider) the back office signs staff in with when no provider of the
 * credit union is configured (STAFF_OIDC_ISSUER unset): a real provider, mounted at /oidc on the staff
 * listener, holding the fictional staff users below (README). It keeps its keys, sessions and grants in
 * this process's memory: one process, never production (config.ts refuses production without
 * STAFF_OIDC_ISSUER). The back office is its one client, first-party, so no consent is asked.
 */
import { generateKeyPairSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse as parseQuery } from 'node:querystring';
import type { FastifyInstance } from 'fastify';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { StaffRole } from '@omo/domain';

export const EMBEDDED_OIDC_PATH = '/oidc';
export const EMBEDDED_CLIENT_ID = 'omo-back-office';

/** A fictional staff user of the embedded provider (passwords in the README: fictional, local only). */
export interface EmbeddedStaffUser {
  username: string;
  password: string;
  name: string;
  email: string;
  roles: StaffRole[];
}

export const EMBEDDED_STAFF_USERS: readonly EmbeddedStaffUser[] = [
  {
    username: 'rita',
    password: 'reviewer-rita-1',
    name: 'Rita Tremblay',
    email: 'rita.tremblay@omo.example',
    roles: ['reviewer'],
  },
  {
    username: 'raj',
    password: 'reviewer-raj-1',
    name: 'Raj Singh',
    email: 'raj.singh@omo.example',
    roles: ['reviewer'],
  },
  {
    username: 'sophie',
    password: 'supervisor-sophie-1',
    name: 'Sophie Gagnon',
    email: 'sophie.gagnon@omo.example',
    roles: ['supervisor'],
  },
  {
    username: 'alex',
    password: 'auditor-alex-1',
    name: 'Alex Martin',
    email: 'alex.martin@omo.example',
    roles: ['auditor'],
  },
];

function findUser(username: string, password: string): EmbeddedStaffUser | undefined {
  const user = EMBEDDED_STAFF_USERS.find((u) => u.username === username);
  if (!user) return undefined;
  const given = Buffer.from(password);
  const expected = Buffer.from(user.password);
  return given.length === expected.length && timingSafeEqual(given, expected) ? user : undefined;
}

/**
 * The provider's storage: this process's memory, as its own quick-start adapter, stated here so that it
 * is ours (and quiet): the embedded provider is one process's, never production's.
 */
class MemoryAdapter {
  private static readonly store = new Map<string, { payload: Record<string, unknown>; expiresAt: number }>();
  private static readonly grants = new Map<string, Set<string>>();
  constructor(private readonly name: string) {}
  private key(id: string) {
    return `${this.name}:${id}`;
  }
  async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
    const key = this.key(id);
    MemoryAdapter.store.set(key, { payload, expiresAt: Date.now() + expiresIn * 1000 });
    const grantId = payload.grantId;
    if (typeof grantId === 'string') {
      const keys = MemoryAdapter.grants.get(grantId) ?? new Set<string>();
      keys.add(key);
      MemoryAdapter.grants.set(grantId, keys);
    }
  }
  async find(id: string) {
    const found = MemoryAdapter.store.get(this.key(id));
    if (!found) return undefined;
    if (found.expiresAt < Date.now()) {
      MemoryAdapter.store.delete(this.key(id));
      return undefined;
    }
    return found.payload;
  }
  async findByUid(uid: string) {
    for (const [key, value] of MemoryAdapter.store) {
      if (key.startsWith(`${this.name}:`) && value.payload.uid === uid)
        return this.find(key.slice(this.name.length + 1));
    }
    return undefined;
  }
  async findByUserCode(userCode: string) {
    for (const [key, value] of MemoryAdapter.store) {
      if (key.startsWith(`${this.name}:`) && value.payload.userCode === userCode) {
        return this.find(key.slice(this.name.length + 1));
      }
    }
    return undefined;
  }
  async consume(id: string) {
    const found = MemoryAdapter.store.get(this.key(id));
    if (found) found.payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    MemoryAdapter.store.delete(this.key(id));
  }
  async revokeByGrantId(grantId: string) {
    for (const key of MemoryAdapter.grants.get(grantId) ?? []) MemoryAdapter.store.delete(key);
    MemoryAdapter.grants.delete(grantId);
  }
}

export interface EmbeddedOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The sign-in page of the embedded provider (English and French, no script). */
function loginPage(uid: string, failed: boolean): string {
  const action = `${EMBEDDED_OIDC_PATH}/interaction/${encodeURIComponent(uid)}/login`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Staff sign-in / Connexion du personnel — omo</title>
<link rel="stylesheet" href="/oidc-login.css"></head>
<body><main>
<h1>Staff sign-in <span lang="fr">/ Connexion du personnel</span></h1>
<p>Local sign-in provider: fictional staff users only. <span lang="fr">Fournisseur local : personnel fictif seulement.</span></p>
${failed ? '<p role="alert" class="error">Wrong user name or password. <span lang="fr">Nom d’utilisateur ou mot de passe erroné.</span></p>' : ''}
<form method="post" action="${escapeHtml(action)}">
<label for="username">User name <span lang="fr">/ Nom d’utilisateur</span></label>
<input id="username" name="username" autocomplete="username" required>
<label for="password">Password <span lang="fr">/ Mot de passe</span></label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in <span lang="fr">/ Se connecter</span></button>
</form></main></body></html>`;
}

const LOGIN_CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f3f2f1;color:#0b0c0c}
main{max-width:26rem;margin:3rem auto;background:#fff;padding:1.5rem 2rem;border:1px solid #b1b4b6}
h1{font-size:1.4rem}label{display:block;margin-top:1rem;font-weight:600}
input{display:block;width:100%;box-sizing:border-box;padding:.5rem;font:inherit;border:2px solid #0b0c0c}
input:focus,button:focus{outline:3px solid #fd0;outline-offset:0}
button{margin-top:1.5rem;padding:.6rem 1.2rem;font:inherit;font-weight:600;background:#00703c;color:#fff;border:0}
.error{color:#d4351c;font-weight:600}`;

/**
 * Mounts the embedded provider on the staff app at /oidc: its sign-in pages, and every other path handed
 * to oidc-provider as it came (its body unread).
 * @param publicUrl the staff listener's public address; the issuer is publicUrl + /oidc
 */
export async function mountEmbeddedOidc(app: FastifyInstance, publicUrl: string): Promise<EmbeddedOidc> {
  const issuer = `${publicUrl}${EMBEDDED_OIDC_PATH}`;
  const clientSecret = randomBytes(32).toString('base64url');
  // An EC key: made in a millisecond at each start (an RSA key would cost every test app far more).
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), use: 'sig' };

  const configuration: Configuration = {
    adapter: MemoryAdapter as unknown as Configuration['adapter'],
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [`${publicUrl}/api/auth/callback`],
        post_logout_redirect_uris: [`${publicUrl}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], profile: ['name'], email: ['email'], roles: ['roles'] },
    // The back office reads the staff member's name, e-mail and roles from the ID token, as from Entra ID.
    conformIdTokenClaims: false,
    ttl: { IdToken: 3600, AccessToken: 3600, Interaction: 600, Session: 8 * 3600, Grant: 8 * 3600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${EMBEDDED_OIDC_PATH}/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const user = EMBEDDED_STAFF_USERS.find((u) => u.username === sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, name: user.name, email: user.email, roles: user.roles }),
      };
    },
    // The back office is the provider's own first-party client: its grant is given without a consent page.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const found = await ctx.oidc.provider.Grant.find(grantId);
        if (found) return found;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid profile email roles');
      await grant.save();
      session.grantIdFor(client.clientId, grant.jti);
      return grant;
    },
    renderError(ctx, _out, error) {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = `Sign-in error: ${error instanceof Error ? error.message : 'unknown'}`;
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  await app.register(async (scope) => {
    // oidc-provider reads its bodies itself: nothing here may consume them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    scope.get('/oidc-login.css', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').send(LOGIN_CSS),
    );

    scope.get<{ Params: { uid: string } }>(
      `${EMBEDDED_OIDC_PATH}/interaction/:uid`,
      { schema: { hide: true } },
      async (request, reply) => {
        await provider.interactionDetails(request.raw, reply.raw);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(loginPage(request.params.uid, false));
      },
    );

    scope.post<{ Params: { uid: string } }>(
      `${EMBEDDED_OIDC_PATH}/interaction/:uid/login`,
      { schema: { hide: true } },
      async (request, reply) => {
        await provider.interactionDetails(request.raw, reply.raw);
        const form = parseQuery(await readBody(request.raw));
        const user = findUser(String(form.username ?? ''), String(form.password ?? ''));
        if (!user) {
          return reply.code(401).type('text/html; charset=utf-8').send(loginPage(request.params.uid, true));
        }
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId: user.username } },
          { mergeWithLastSubmission: false },
        );
      },
    );

    const handOver = (
      request: { raw: import('node:http').IncomingMessage },
      reply: { hijack(): void; raw: import('node:http').ServerResponse },
    ) => {
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(EMBEDDED_OIDC_PATH.length) || '/';
      reply.hijack();
      return callback(raw, reply.raw);
    };
    scope.all(`${EMBEDDED_OIDC_PATH}/*`, { schema: { hide: true }, config: { rateLimit: false } }, handOver);
  });

  return { issuer, clientId: EMBEDDED_CLIENT_ID, clientSecret };
}

/** The raw body of a small form post (the sign-in form). */
async function readBody(raw: import('node:http').IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw) {
    size += (chunk as Buffer).length;
    if (size > 8192) throw new Error('sign-in form too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
