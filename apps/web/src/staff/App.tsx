import { useCallback, useEffect, useState } from 'react';
import type { StaffRole } from '@omo/domain';
import { api, setCsrfToken } from './api.ts';
import { BlockListPage } from './BlockListPage.tsx';
import { CasePage } from './CasePage.tsx';
import { DepositsPage } from './DepositsPage.tsx';
import { QueuePage } from './QueuePage.tsx';
import { TEXTS, type Lang } from './texts.ts';

export interface Me {
  name: string;
  email: string;
  role: StaffRole;
  csrfToken: string;
}

const LANG_KEY = 'omo-staff-lang';

/**
 * The page the address names: a case (#/case/<id>), the block list (#/block-list), the deposits
 * (#/deposits), else the queue.
 */
function caseIdOf(hash: string): string | null {
  if (hash === '#/block-list') return 'block-list';
  if (hash === '#/deposits') return 'deposits';
  const match = /^#\/case\/([0-9a-f-]{36})$/.exec(hash);
  return match ? match[1]! : null;
}

/**
 * @param initialMe null when the page came signed out (the server saw no staff session: the sign-in shows
 *   at once); undefined while it is not known.
 */
export function App({ initialMe }: { initialMe?: null } = {}) {
  // Rendered at build time too (sign-in-prerender.tsx), where there is no browser storage nor address.
  const [lang, setLang] = useState<Lang>(() =>
    typeof localStorage !== 'undefined' && localStorage.getItem(LANG_KEY) === 'fr' ? 'fr' : 'en',
  );
  const [me, setMe] = useState<Me | null | undefined>(initialMe);
  const [caseId, setCaseId] = useState<string | null>(() =>
    typeof location === 'undefined' ? null : caseIdOf(location.hash),
  );
  const t = TEXTS[lang];

  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = `omo — ${t.title}`;
    localStorage.setItem(LANG_KEY, lang);
  }, [lang, t.title]);

  useEffect(() => {
    api<Me>('GET', '/api/me').then(
      (found) => {
        setCsrfToken(found.csrfToken);
        setMe(found);
      },
      // No staff session (401): the sign-in page.
      () => setMe(null),
    );
    const onHash = () => setCaseId(caseIdOf(location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const signOut = useCallback(async () => {
    await api('POST', '/api/auth/logout');
    setMe(null);
  }, []);

  return (
    <>
      <a className="skip" href="#main">
        {t.skip}
      </a>
      <header className="bar">
        <span className="brand">
          omo · <span>{t.title}</span>
        </span>
        <nav aria-label={t.title}>
          {me && (
            <>
              <a className="link" href="#/">
                {t.queue}
              </a>
              <a className="link" href="#/deposits">
                {t.deposits}
              </a>
              <a className="link" href="#/block-list">
                {t.blockList}
              </a>
            </>
          )}
          {me && (
            <span className="who">
              {me.name} · {t.roles[me.role]}
            </span>
          )}
          <button
            type="button"
            className="link"
            lang={t.languageName}
            onClick={() => setLang(lang === 'en' ? 'fr' : 'en')}
          >
            {t.language}
          </button>
          {me && (
            <button type="button" className="link" onClick={() => void signOut()}>
              {t.signOut}
            </button>
          )}
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {me === undefined ? null : me === null ? (
          <section className="signin">
            <h1>{t.title}</h1>
            <p>{t.signInLead}</p>
            <a className="button" href="/api/auth/login">
              {t.signIn}
            </a>
          </section>
        ) : caseId === 'block-list' ? (
          <BlockListPage me={me} t={t} />
        ) : caseId === 'deposits' ? (
          <DepositsPage me={me} t={t} lang={lang} />
        ) : caseId ? (
          <CasePage key={caseId} id={caseId} me={me} t={t} />
        ) : (
          <QueuePage me={me} t={t} />
        )}
      </main>
    </>
  );
}
