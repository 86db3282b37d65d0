/** The calls of the ID photos on the phone (decision 0088). */
import {
  HAND_OFF_API_PATHS,
  type HandOffOpenAnswer,
  type HandOffRenewAnswer,
  type HandOffStartAnswer,
  type HandOffStatus,
} from '@omo/domain';
import { apiRequest } from '../../lib/api.ts';

/** Desktop: a new link, its QR code, and the SMS to the verified phone. */
export function startHandOff(): Promise<HandOffStartAnswer> {
  return apiRequest<HandOffStartAnswer>(HAND_OFF_API_PATHS.start, { method: 'POST' });
}

/** Desktop: where the hand-off is, as the server sees it. */
export function getHandOffStatus(signal?: AbortSignal): Promise<HandOffStatus> {
  return apiRequest<HandOffStatus>(HAND_OFF_API_PATHS.status, { signal });
}

/** Phone: spends the link and starts the capture-only session. */
export function openHandOff(token: string): Promise<HandOffOpenAnswer> {
  return apiRequest<HandOffOpenAnswer>(HAND_OFF_API_PATHS.open, { method: 'POST', body: { token } });
}

/** Phone: a link that no longer works asks for a new one by SMS to the verified phone. */
export function renewHandOff(token: string): Promise<HandOffRenewAnswer> {
  return apiRequest<HandOffRenewAnswer>(HAND_OFF_API_PATHS.renew, { method: 'POST', body: { token } });
}
