import { Link, useLocation, useMatches } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { backPathOf, findStepByPath } from '@omo/domain';
import type { ApplicationView } from '../../lib/application-api.ts';
import './step-nav.css';

/**
 * The row above a step screen: 'Back' to the previous screen of the flow on the applicant's path (derived
 * from the flow table and the server's progress by `backPathOf`; that screen's loader brings the saved
 * answers back), and 'Exit Application' while a session is alive. Screens whose loader gives no
 * application view (the placeholder of a screen not built yet) have no Back.
 */
export function StepNav({
  hasSession,
  onExit,
  onSave,
}: {
  hasSession: boolean;
  onExit: () => void;
  /** 'Save and come back later' (decision 0068): e-mails a link to the draft and leaves. */
  onSave: () => void;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const data = useMatches().at(-1)?.loaderData as { view?: ApplicationView | null } | undefined;
  const found = findStepByPath(pathname);
  const backPath =
    found && data && 'view' in data
      ? backPathOf(found.flow, found.step.id, data.view?.progress.steps ?? null, search)
      : null;
  if (!backPath && !hasSession) return null;
  return (
    <div className="step-nav">
      {backPath ? (
        <Link className="back-link" to={backPath}>
          {t('session.back')}
        </Link>
      ) : null}
      {hasSession ? (
        <span className="step-nav__session">
          <button type="button" className="link-button" onClick={onSave}>
            {t('session.saveForLater')}
          </button>
          <button type="button" className="link-button step-nav__exit" onClick={onExit}>
            {t('common.exitApplication')}
          </button>
        </span>
      ) : null}
    </div>
  );
}
