/**
 * The desktop's way to take the ID photos with the phone (decision 0088): 'Send a link to my phone' gets a
 * QR code of a one-time link and texts it to the verified phone; the panel then asks the server every 2
 * seconds where the hand-off is (waiting, opened with the photos received so far, expired) and moves on by
 * itself once the photos are in. A new link ends the older one.
 */
import { HAND_OFF_MINUTES, type HandOffStartAnswer, type HandOffStatus } from '@omo/domain';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { BusyButton } from '../../components/form/busy-button.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { handleStepError } from '../../lib/step.ts';
import { getHandOffStatus, startHandOff } from './hand-off-api.ts';
import { DOCUMENT_POLL_MS } from './id-verify-terms-page.tsx';

export function PhoneHandOff() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [link, setLink] = useState<HandOffStartAnswer>();
  const [status, setStatus] = useState<HandOffStatus>();
  // The QR code shown is of the link asked for here: once opened or ended it is spent (a link the phone
  // asked for itself is not this one), so it is hidden until a new link is asked for.
  const [isQrSpent, setQrSpent] = useState(false);
  const [isStarting, setStarting] = useState(false);
  const [hasFailed, setFailed] = useState(false);

  // Once a link is out, the server says where it is; the photos in, the step moves on.
  useEffect(() => {
    if (!link) return undefined;
    let isStopped = false;
    const poll = async () => {
      try {
        const current = await getHandOffStatus();
        if (isStopped) return;
        setStatus(current);
        if (current.state !== 'waiting') setQrSpent(true);
        if (current.isDone) await navigate(current.nextPath);
      } catch (error) {
        if (!isStopped) await handleStepError(error, { navigate });
      }
    };
    const timer = setInterval(() => void poll(), DOCUMENT_POLL_MS);
    return () => {
      isStopped = true;
      clearInterval(timer);
    };
  }, [link, navigate]);

  const onStart = async () => {
    setStarting(true);
    setFailed(false);
    try {
      setLink(await startHandOff());
      setStatus(undefined);
      setQrSpent(false);
    } catch (error) {
      if ((await handleStepError(error, { navigate })) === 'failed') setFailed(true);
    } finally {
      setStarting(false);
    }
  };

  const state = status?.state ?? (link ? 'waiting' : 'none');
  const minutes = HAND_OFF_MINUTES;
  const smsText = !link
    ? ''
    : link.sms === 'sent'
      ? t('handOff.smsSent', { ending: link.phoneEnding ?? '', minutes })
      : link.sms === 'noPhone'
        ? t('handOff.smsNoPhone', { minutes })
        : t('handOff.smsNotSent', { minutes });
  const progress =
    state === 'waiting'
      ? t('handOff.waiting')
      : state === 'opened'
        ? t('handOff.opened', { count: status?.captured.length ?? 0 })
        : state === 'expired'
          ? t('handOff.expired')
          : state === 'done'
            ? t('handOff.done')
            : '';

  return (
    <section className="hand-off" aria-labelledby="hand-off-title">
      <h2 className="form-section__title" id="hand-off-title">
        {t('handOff.title')}
      </h2>
      <p>{t('handOff.lead')}</p>
      {hasFailed ? (
        <p className="notice notice--error" role="alert">
          {t('handOff.failed')}
        </p>
      ) : null}
      {link && !isQrSpent ? (
        <div className="hand-off__link">
          <img
            className="hand-off__qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(link.qrSvg)}`}
            alt={t('handOff.qrAlt')}
            width={176}
            height={176}
          />
          <p>{smsText}</p>
        </div>
      ) : null}
      <p className="hand-off__progress" role="status" data-hand-off-state={link ? state : undefined}>
        {progress}
      </p>
      <div className="actions">
        <BusyButton
          type="button"
          className={link ? 'button button--secondary' : 'button'}
          isBusy={isStarting}
          onClick={() => void onStart()}
        >
          {isStarting ? t('handOff.starting') : link ? t('handOff.again') : t('handOff.start')}
        </BusyButton>
      </div>
    </section>
  );
}
