/**
 * Permissions-Policy of every answer: every powerful browser feature off, except the camera on the
 * document-capture pages (the ID verification terms of each flow and the pages under them), which film
 * the applicant's identity document.
 *
 * The policy belongs to the document the browser loaded, not to the SPA's later in-app routes: the
 * capture pages must therefore be opened with a full page load for the camera to be allowed.
 */
import fp from 'fastify-plugin';

/** Features the browser may grant a page; each is switched off (`feature=()`) unless listed as allowed. */
export const POLICY_FEATURES = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'gamepad',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

/** Pages that capture an identity document: /single/idverifyterms, /joint/idverifyterms and below, /handoff. */
const DOCUMENT_CAPTURE_PATH = /^\/((single|joint)\/idverifyterms|handoff)(\/|$)/i;

function policy(allowed: ReadonlySet<string>): string {
  return POLICY_FEATURES.map((f) => `${f}=${allowed.has(f) ? '(self)' : '()'}`).join(', ');
}

const EVERYTHING_OFF = policy(new Set());
const CAMERA_ON = policy(new Set(['camera']));

/** The Permissions-Policy header value for a request path. */
function permissionsPolicyFor(pathname: string): string {
  return DOCUMENT_CAPTURE_PATH.test(pathname) ? CAMERA_ON : EVERYTHING_OFF;
}

export default fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('permissions-policy', permissionsPolicyFor(request.url.split('?')[0] ?? '/'));
      done();
    });
  },
  { name: 'permissions-policy' },
);
