/**
 * /handoff?token=…: the link the desktop texted or showed as a QR code (decision 0088). Opening it asks
 * nothing of the server (a messaging app's preview must not spend it); 'Start taking photos' spends the
 * link and starts the capture-only session, then the photo step shows here (or the provider's page
 * opens). A link opened before, here or elsewhere, or past its 15 minutes says so and offers a new one by
 * SMS (or from the computer); so does a session that ends while the photos are taken.
 */
import { HAND_OFF_GONE_TITLES, HAND_OFF_MINUTES } from '@omo/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BusyButton } from '../../components/form/busy-button.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { isApiStatus } from '../../lib/application-api.ts';
import { ApiError } from '../../lib/api.ts';
import { loadFullPage } from '../../lib/full-page-load.ts';
import { CapturePage } from './capture-page.tsx';
import { openHandOff, renewHandOff } from './hand-off-api.ts';
import { useStageFocus } from '../../app/layout/route-focus.tsx';

type Stage = 'start' | 'capture' | 'done' | 'used' | 'expired';

export function HandOffPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [stage, setStage] = useState<Stage>(token ? 'start' : 'expired');
  const [isOpening, setOpening] = useState(false);
  const [hasFailed, setFailed] = useState(false);
  useStageFocus(stage);

  const onBegin = async () => {
    setOpening(true);
    setFailed(false);
    try {
      const { providerUrl } = await openHandOff(token);
      if (providerUrl) loadFullPage(providerUrl);
      else setStage('capture');
    } catch (error) {
      if (isApiStatus(error, 410)) {
        const title = error instanceof ApiError ? (error.body as { title?: unknown } | null)?.title : null;
        setStage(title === HAND_OFF_GONE_TITLES.used ? 'used' : 'expired');
      } else setFailed(true);
    } finally {
      setOpening(false);
    }
  };

  if (stage === 'capture') {
    return <CapturePage session={{ onDone: () => setStage('done'), onEnded: () => setStage('expired') }} />;
  }
  if (stage === 'start') return <Start isOpening={isOpening} hasFailed={hasFailed} onBegin={onBegin} />;
  return <Ended stage={stage} token={token} />;
}

function Start({
  isOpening,
  hasFailed,
  onBegin,
}: {
  isOpening: boolean;
  hasFailed: boolean;
  onBegin: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const title = t('handOff.phone.startTitle');
  usePageTitle(title);
  return (
    <div className="panel panel--narrow">
      <PageHeading>{title}</PageHeading>
      <p className="lead">{t('handOff.phone.startLead', { minutes: HAND_OFF_MINUTES })}</p>
      {hasFailed ? (
        <p className="notice notice--error" role="alert">
          {t('handOff.phone.failed')}
        </p>
      ) : null}
      <div className="actions">
        <BusyButton type="button" isBusy={isOpening} onClick={() => void onBegin()}>
          {t('handOff.phone.begin')}
        </BusyButton>
      </div>
    </div>
  );
}

function Ended({ stage, token }: { stage: 'done' | 'used' | 'expired'; token: string }) {
  const { t } = useTranslation();
  const [isRenewing, setRenewing] = useState(false);
  const [renewed, setRenewed] = useState<'sent' | 'notSent'>();
  const onRenew = async () => {
    setRenewing(true);
    try {
      setRenewed((await renewHandOff(token)).sms === 'sent' ? 'sent' : 'notSent');
    } catch {
      setRenewed('notSent');
    } finally {
      setRenewing(false);
    }
  };
  const texts = {
    done: [t('handOff.phone.doneTitle'), t('handOff.phone.doneText')],
    used: [t('handOff.phone.usedTitle'), t('handOff.phone.usedText')],
    expired: [t('handOff.phone.expiredTitle'), t('handOff.phone.expiredText', { minutes: HAND_OFF_MINUTES })],
  }[stage];
  usePageTitle(texts[0]!);
  return (
    <div className="panel panel--narrow" data-link-state={stage}>
      <PageHeading>{texts[0]}</PageHeading>
      <p className="lead">{texts[1]}</p>
      <p role="status">
        {renewed === 'sent'
          ? t('handOff.phone.renewSent')
          : renewed === 'notSent'
            ? t('handOff.phone.renewNotSent')
            : ''}
      </p>
      {stage !== 'done' && token && renewed !== 'sent' ? (
        <div className="actions">
          <BusyButton type="button" isBusy={isRenewing} onClick={() => void onRenew()}>
            {t('handOff.phone.renew')}
          </BusyButton>
        </div>
      ) : null}
    </div>
  );
}
