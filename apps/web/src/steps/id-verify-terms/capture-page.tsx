/**
 * The sandbox document capture (the real provider hosts its own page): the front and back of a photo ID
 * and a selfie, each from a file or, on a phone, the camera (rear camera for the ID, front for the selfie).
 * Each image is checked here as the server checks it (type by its bytes, at most 10 MB), uploaded at once
 * and shown as a preview; Submit sends the three for verification and moves on where the server says. On a
 * computer it offers to take the photos with the phone instead (phone-hand-off.tsx); on the phone's
 * capture-only session (hand-off-page.tsx) it tells that page when the photos are in or the session ended.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import {
  IDENTITY_IMAGE_MAX_BYTES,
  IDENTITY_IMAGE_SIDES,
  IDENTITY_IMAGE_TYPES,
  checkIdentityImage,
  type IdentityImageSide,
} from '@omo/domain';
import { ErrorSummary } from '../../components/form/error-summary.tsx';
import { FieldError, describedBy } from '../../components/form/field.tsx';
import { useMessage } from '../../components/form/use-message.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import {
  isApiStatus,
  problemFieldErrors,
  submitIdentityImages,
  uploadIdentityImage,
} from '../../lib/application-api.ts';
import { handleStepError } from '../../lib/step.ts';
import { PhoneHandOff } from './phone-hand-off.tsx';
import './capture.css';
import { BusyButton } from '../../components/form/busy-button.tsx';

/** The first bytes of a file (its type is read from them). */
function readHead(file: File, length = 16): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file.slice(0, length));
  });
}

interface SideState {
  preview?: string;
  isUploading?: boolean;
  error?: string;
}

/** The phone's capture-only session: what the page does once the photos are in, or the session ended. */
export interface CaptureSession {
  onDone(): void;
  onEnded(): void;
}

/** The photos are taken on a phone-sized screen: no hand-off offered there. */
const isPhoneSized = () => typeof window !== 'undefined' && window.innerWidth < 600;

export function CapturePage({ session }: { session?: CaptureSession }) {
  const { t } = useTranslation();
  const msg = useMessage();
  const routerNavigate = useNavigate();
  // On the phone's session, a 401 is the session's end (the page says so), never the flow's error page.
  const navigate = (to: string) => (session ? session.onEnded() : routerNavigate(to));
  const [sides, setSides] = useState<Partial<Record<IdentityImageSide, SideState>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [submitCount, setSubmitCount] = useState(0);
  const [hasFailed, setFailed] = useState(false);
  const title = t('capture.title');
  const errors = IDENTITY_IMAGE_SIDES.flatMap((side) => {
    const error = sides[side]?.error;
    return error ? [{ fieldId: side, message: error }] : [];
  });
  usePageTitle(title, errors.length > 0);

  // Previews are object URLs: release them when the page goes.
  useEffect(
    () => () => {
      for (const side of Object.values(sides)) if (side?.preview) URL.revokeObjectURL(side.preview);
    },
    // Only on leaving the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const update = (side: IdentityImageSide, patch: SideState) =>
    setSides((current) => ({ ...current, [side]: { ...current[side], ...patch } }));

  const onFile = async (side: IdentityImageSide, file: File | undefined) => {
    if (!file) return;
    // The size is checked on the file itself, the type on its first bytes.
    const head = await readHead(file);
    const problem =
      file.size > IDENTITY_IMAGE_MAX_BYTES
        ? 'document.image.size'
        : checkIdentityImage(head, file.type || null);
    if (problem) {
      update(side, { error: msg(problem), isUploading: false });
      return;
    }
    update(side, { isUploading: true, error: undefined });
    try {
      await uploadIdentityImage(side, file);
      const old = sides[side]?.preview;
      if (old) URL.revokeObjectURL(old);
      update(side, { isUploading: false, preview: URL.createObjectURL(file) });
    } catch (error) {
      if (session && isApiStatus(error, 401)) {
        session.onEnded();
        return;
      }
      const key = problemFieldErrors(error)[0]?.key;
      update(side, { isUploading: false, error: msg(key ?? 'document.image.type') });
      await handleStepError(error, { navigate });
    }
  };

  const onSubmit = async () => {
    setSubmitCount((n) => n + 1);
    const missing = IDENTITY_IMAGE_SIDES.filter((side) => !sides[side]?.preview);
    if (missing.length > 0) {
      // Each summary line names its photo.
      for (const side of missing) update(side, { error: t(`capture.required.${side}`) });
      return;
    }
    setSubmitting(true);
    setFailed(false);
    try {
      const status = await submitIdentityImages();
      if (session) session.onDone();
      else await routerNavigate(status.nextPath);
    } catch (error) {
      setSubmitting(false);
      if ((await handleStepError(error, { navigate })) === 'failed') setFailed(true);
    }
  };

  return (
    <div className="panel">
      <ErrorSummary errors={errors} focusKey={submitCount} />
      {hasFailed ? (
        <p className="notice notice--error" role="alert">
          {t('formControls.submitFailed')}
        </p>
      ) : null}
      <PageHeading>{title}</PageHeading>
      <p className="lead">{t('capture.lead')}</p>
      <p className="notice">{t('capture.sandboxNote')}</p>
      {IDENTITY_IMAGE_SIDES.map((side) => {
        const state = sides[side] ?? {};
        return (
          <div className={state.error ? 'field field--error capture' : 'field capture'} key={side}>
            <label className="field__label" htmlFor={side}>
              {t(`capture.sides.${side}`)}
            </label>
            <p className="field__hint" id={`${side}-hint`}>
              {t(`capture.hints.${side}`)}
            </p>
            <FieldError id={side} message={state.error} />
            <input
              id={side}
              className="capture__input"
              type="file"
              accept={IDENTITY_IMAGE_TYPES.join(',')}
              capture={side === 'selfie' ? 'user' : 'environment'}
              aria-invalid={state.error ? true : undefined}
              aria-describedby={describedBy(side, true, Boolean(state.error))}
              onChange={(event) => void onFile(side, event.target.files?.[0])}
            />
            <p className="capture__status" role="status">
              {state.isUploading ? t('capture.uploading') : state.preview ? t('capture.uploaded') : ''}
            </p>
            {state.preview ? (
              <img
                className="capture__preview"
                src={state.preview}
                alt={t('capture.previewAlt', { side: t(`capture.sides.${side}`) })}
              />
            ) : null}
          </div>
        );
      })}
      <div className="actions">
        <BusyButton
          type="button"
          disabled={IDENTITY_IMAGE_SIDES.some((s) => sides[s]?.isUploading)}
          isBusy={isSubmitting}
          onClick={() => void onSubmit()}
        >
          {t('capture.submit')}
        </BusyButton>
      </div>
      {!session && !isPhoneSized() ? <PhoneHandOff /> : null}
    </div>
  );
}
