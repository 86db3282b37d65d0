import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { findStepByPath, telHref } from '@omo/domain';
import { useAppConfig } from '../../config/use-app-config.ts';
import { LanguageToggle } from './language-toggle.tsx';
import { Logo } from './logo.tsx';

/**
 * Top bar. Full variant: logo, support phone, 'I'm already a member' and the language toggle; on small
 * screens the phone and member links move into a menu opened by a disclosure button. On the finalize step
 * and the outcome pages after it, the phone and the member link swap places (spec 000 §2 Layout). Bare
 * variant: logo and language only.
 */
export function Header({ variant }: { variant: 'full' | 'bare' }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const { pathname } = useLocation();
  // The menu is open for one page only: navigating closes it without an effect.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const isMenuOpen = menuOpenOn === pathname;
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  // Escape closes the open menu, back to its button (disclosure pattern).
  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpenOn(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isMenuOpen]);

  // The finalize step and the outcome pages that follow it.
  const step = findStepByPath(pathname)?.step;
  const isFinalStep = step?.group === 'finalizeAccount' || step?.kind === 'outcome';

  const phone = (
    <li className="header__item header__item--phone" key="phone">
      <span className="header__help">{t('layout.needHelp')} </span>
      <a href={telHref(config.contactPhone)}>{t('layout.callUs', { phone: config.contactPhone })}</a>
    </li>
  );
  const member = (
    <li className="header__item" key="member">
      <a href={config.onlineBankingUrl}>{t('layout.alreadyMember')}</a>
    </li>
  );

  return (
    <header className="header">
      <div className="header__inner">
        <Logo />
        <div className="header__actions">
          {variant === 'full' ? (
            <>
              {/* The button before its menu: the opened menu's links come next with Tab. */}
              <button
                ref={menuButton}
                type="button"
                className="header__menu-button"
                aria-expanded={isMenuOpen}
                aria-controls={menuId}
                onClick={() => setMenuOpenOn(isMenuOpen ? null : pathname)}
              >
                <span className={isMenuOpen ? 'menu-icon menu-icon--open' : 'menu-icon'} aria-hidden="true" />
                <span className="header__menu-text">
                  {isMenuOpen ? t('layout.closeMenu') : t('layout.menu')}
                </span>
              </button>
              <nav
                className={isMenuOpen ? 'header__nav header__nav--open' : 'header__nav'}
                id={menuId}
                aria-label={t('layout.mainNav')}
              >
                <ul className="header__list">{isFinalStep ? [member, phone] : [phone, member]}</ul>
              </nav>
            </>
          ) : null}
          <LanguageToggle />
        </div>
      </div>
    </header>
  );
}
