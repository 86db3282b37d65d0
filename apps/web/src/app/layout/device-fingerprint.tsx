import { useEffect } from 'react';
import { useAppConfig } from '../../config/use-app-config.ts';

/**
 * The identity provider's device-fingerprint script, added once to the page when one is configured (the
 * server then allows its origin in the Content-Security-Policy); nothing is loaded otherwise.
 */
export function DeviceFingerprint() {
  const { deviceFingerprint } = useAppConfig();
  const { scriptUrl, orgId } = deviceFingerprint;
  useEffect(() => {
    if (!scriptUrl || document.querySelector(`script[data-device-fingerprint]`)) return;
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.dataset.deviceFingerprint = '';
    if (orgId) script.dataset.orgId = orgId;
    document.head.appendChild(script);
  }, [scriptUrl, orgId]);
  return null;
}
