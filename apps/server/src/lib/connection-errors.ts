/**
 * Errors that say the database could not be reached or dropped the connection (a restart, a failover, a
 * network cut), as opposed to errors of the statement itself: the request may simply be tried again.
 */

/** SQLSTATEs of a lost or refused connection: class 08, administrator or crash shutdown, starting up. */
const CONNECTION_SQLSTATES = /^(08...|57P0[1-3])$/;
/** System errors of a socket that cannot connect or was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres's own messages for a connection it lost or could not open in time. */
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_SQLSTATES.test(code) || SOCKET_CODES.has(code))) return true;
  if (DRIVER_MESSAGES.test(error.message)) return true;
  // Several addresses tried (IPv4 and IPv6): every one refused.
  if (error instanceof AggregateError) return error.errors.some(isConnectionError);
  return false;
}
