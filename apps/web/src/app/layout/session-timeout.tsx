/**
 * The session time-out (WCAG 2.2.1 Timing Adjustable). The server ends a session left unused for
 * SESSION_IDLE_MINUTES and says on each answer when that will be (session-clock.ts). SESSION_WARNING_MINUTES
 * before, an alert dialog says so and offers 'Stay signed in' (extends the session on the server; Escape does
 * the same) and 'Exit Application' (ends it on the server and leaves for the public website). The same
 * dialog, asked for by the Exit button of the step screens, confirms leaving. At the deadline the server is
 * asked again (another tab may have used the session): an ended session sends the applicant to the start
 * page, told why, as any call refused for want of a session does.
 *
 * While a dialog is open the page behind it is inert (AppLayout), focus starts on the action that keeps the
 * application and stays in the dialog, and it goes back where it was when the dialog closes.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { RESUME_ROUTES } from '@omo/domain';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useAppConfig } from '../../config/use-app-config.ts';
import {
  endSession,
  extendSession,
  getSessionStatus,
  isApiStatus,
  sessionEndedPath,
} from '../../lib/session-api.ts';
import { loadFullPage } from '../../lib/full-page-load.ts';
import { forgetSession, useSessionDeadline } from '../../lib/session-clock.ts';
import { clearAll } from '../../lib/session-state.ts';

type DialogKind = 'timeout' | 'exit';

interface SessionTimeout {
  /** The dialog to render beside the page (null when none is open). */
  dialog: ReactNode;
  /** A dialog is open: the page behind it must be inert. */
  isDialogOpen: boolean;
  /** The session is alive (an Exit is offered). */
  hasSession: boolean;
  /** Opens the dialog that confirms leaving (the step screens' Exit). */
  askToExit: () => void;
  /** 'Save and come back later': e-mails the applicant a link to the draft, ends the session, says so. */
  saveForLater: () => void;
}

/** Schedules `run` at the time `at` (ms since the epoch); a time past runs it at once. */
function useTimerAt(at: number | null, run: () => void): void {
  useEffect(() => {
    if (at === null) return;
    const timer = setTimeout(run, Math.max(0, at - Date.now()));
    return () => clearTimeout(timer);
  }, [at, run]);
}

/**
 * @param isActive the page is a step screen, where answers are still being given; outcome pages (the
 *   decision is taken) neither warn nor send the applicant away when the session ends
 */
export function useSessionTimeout(isActive: boolean): SessionTimeout {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const { publicWebsiteUrl } = useAppConfig();
  const knownDeadline = useSessionDeadline();
  const deadline = isActive ? knownDeadline : null;
  const [warningMs, setWarningMs] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [isExitAsked, setExitAsked] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [hasExitFailed, setExitFailed] = useState(false);
  const [hasSaveFailed, setSaveFailed] = useState(false);

  // The warning's lead time comes with the session's status, read once a session is known.
  useEffect(() => {
    if (deadline === null || warningMs !== null) return;
    const controller = new AbortController();
    getSessionStatus(controller.signal).then(
      (status) => setWarningMs(status.warningSeconds * 1000),
      (error: unknown) => {
        if (isApiStatus(error, 401)) forgetSession();
      },
    );
    return () => controller.abort();
  }, [deadline, warningMs]);

  const warnAt = deadline !== null && warningMs !== null ? deadline - warningMs : null;
  const isWarning = warnAt !== null && now >= warnAt;
  const kind: DialogKind | null = isWarning ? 'timeout' : isExitAsked ? 'exit' : null;

  const tick = useCallback(() => setNow(Date.now()), []);
  useTimerAt(warnAt, tick);

  // The countdown moves while the warning shows.
  useEffect(() => {
    if (!isWarning) return;
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [isWarning, tick]);

  const toStart = useCallback(async () => {
    forgetSession();
    await navigate(sessionEndedPath());
  }, [navigate]);

  // Just after the deadline the server says whether the session really ended.
  const checkEnd = useCallback(() => {
    getSessionStatus().then(tick, (error: unknown) => {
      if (isApiStatus(error, 401)) void toStart();
    });
  }, [tick, toStart]);
  useTimerAt(deadline === null ? null : deadline + 1000, checkEnd);

  // A tab in the background may have slept through its timers: look again when it comes back.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [tick]);

  const stay = useCallback(async () => {
    if (isBusy) return;
    setBusy(true);
    try {
      await extendSession();
      setExitAsked(false);
      tick();
    } catch (error) {
      if (isApiStatus(error, 401)) await toStart();
    } finally {
      setBusy(false);
    }
  }, [isBusy, tick, toStart]);

  const exit = useCallback(async () => {
    if (isBusy) return;
    setBusy(true);
    setExitFailed(false);
    try {
      await endSession();
    } catch {
      setBusy(false);
      setExitFailed(true);
      return;
    }
    forgetSession();
    clearAll();
    loadFullPage(publicWebsiteUrl);
  }, [isBusy, publicWebsiteUrl]);

  const save = useCallback(async () => {
    if (isBusy) return;
    setBusy(true);
    setExitFailed(false);
    setSaveFailed(false);
    try {
      const { requestResumeLink } = await import('../../resume/resume-api.ts');
      await requestResumeLink({ language: i18n.language });
      await endSession();
    } catch {
      // The dialog says so (opened when the step's own button asked).
      setBusy(false);
      setSaveFailed(true);
      setExitAsked(true);
      return;
    }
    forgetSession();
    clearAll();
    setBusy(false);
    setExitAsked(false);
    await navigate(RESUME_ROUTES.sent);
  }, [isBusy, i18n.language, navigate]);

  const askToExit = useCallback(() => {
    setExitFailed(false);
    setSaveFailed(false);
    setExitAsked(true);
  }, []);

  const remainingMs = deadline === null ? 0 : Math.max(0, deadline - now);
  const dialog =
    kind === null ? null : (
      <SessionDialog
        kind={kind}
        remainingMs={remainingMs}
        isBusy={isBusy}
        hasExitFailed={hasExitFailed}
        hasSaveFailed={hasSaveFailed}
        onStay={kind === 'timeout' ? () => void stay() : () => setExitAsked(false)}
        onExit={() => void exit()}
        onSave={() => void save()}
      />
    );
  return {
    dialog,
    isDialogOpen: kind !== null,
    hasSession: deadline !== null,
    askToExit,
    saveForLater: () => void save(),
  };
}

/** The time left in words: whole minutes (rounded up), then seconds in the last minute. */
function useTimeLeft(remainingMs: number): string {
  const { t } = useTranslation();
  const seconds = Math.ceil(remainingMs / 1000);
  return seconds > 60
    ? t('session.closesInMinutes', { count: Math.ceil(seconds / 60) })
    : t('session.closesInSeconds', { count: seconds });
}

function SessionDialog({
  kind,
  remainingMs,
  isBusy,
  hasExitFailed,
  hasSaveFailed = false,
  onStay,
  onExit,
  onSave,
}: {
  kind: DialogKind;
  remainingMs: number;
  isBusy: boolean;
  hasExitFailed: boolean;
  hasSaveFailed?: boolean;
  /** 'Stay signed in' (the warning) or 'Return to my application' (the exit question); also Escape. The
   * buttons stay focusable while a call runs (aria-disabled); the handlers ignore a second press. */
  onStay: () => void;
  onExit: () => void;
  /** 'Save and come back later'. */
  onSave: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const timeLeft = useTimeLeft(remainingMs);
  const dialogRef = useRef<HTMLDivElement>(null);
  const stayRef = useRef<HTMLButtonElement>(null);

  // Focus starts on the action that keeps the application, and goes back where it was on closing.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stayRef.current?.focus();
    return () => {
      const target = before?.isConnected ? before : document.querySelector<HTMLElement>('main h1');
      target?.focus({ preventScroll: true });
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onStay();
      return;
    }
    if (event.key !== 'Tab') return;
    // Focus stays in the dialog: Tab from the last control goes to the first, Shift+Tab the other way.
    const controls = Array.from(dialogRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const isTimeout = kind === 'timeout';
  return (
    <div className="session-dialog__backdrop">
      {/* The dialog itself takes Escape and keeps Tab inside (the APG's modal dialog pattern). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={dialogRef}
        className="session-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={onKeyDown}
      >
        <h2 className="session-dialog__title" id={titleId}>
          {isTimeout ? t('session.warningTitle') : t('session.exitTitle')}
        </h2>
        <div id={textId}>
          {isTimeout ? (
            <>
              <p className="session-dialog__time">{timeLeft}</p>
              <p>{t('session.warningText')}</p>
            </>
          ) : (
            <p>{t('session.exitText')}</p>
          )}
          <p>{t('session.saveText')}</p>
        </div>
        {hasSaveFailed ? (
          <p className="notice notice--error" role="alert">
            {t('session.saveFailed')}
          </p>
        ) : null}
        {hasExitFailed ? (
          <p className="notice notice--error" role="alert">
            {t('session.exitFailed')}
          </p>
        ) : null}
        <div className="session-dialog__actions">
          <button ref={stayRef} type="button" className="button" aria-disabled={isBusy} onClick={onStay}>
            {isTimeout ? t('session.stay') : t('session.returnToApplication')}
          </button>
          <button type="button" className="button button--secondary" aria-disabled={isBusy} onClick={onSave}>
            {t('session.saveForLater')}
          </button>
          <button type="button" className="button button--secondary" aria-disabled={isBusy} onClick={onExit}>
            {t('common.exitApplication')}
          </button>
        </div>
      </div>
    </div>
  );
}
