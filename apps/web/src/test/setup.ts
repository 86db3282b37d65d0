import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetAppConfigCache } from '../config/app-config.ts';
import { en } from '../i18n/en.ts';
import { fr } from '../i18n/fr.ts';
import { holdLanguage } from '../i18n/i18n.ts';
import { resetReferenceData } from '../lib/reference-data.ts';
import { forgetSession } from '../lib/session-clock.ts';

// Both languages whole, as after a first switch: a test reads any screen's texts without waiting for a fetch
// (first-screen-texts.test.ts checks the first screen's own).
holdLanguage('en', en);
holdLanguage('fr', fr);

// jsdom lays nothing out, so it has no scrollIntoView; the browser suite checks what is in view.
Element.prototype.scrollIntoView ??= () => {};

// A screen that takes a while to appear on a busy machine (CI runs the suites side by side with others) is
// still waited for: findBy and waitFor give up after 3 s instead of 1 s, within each test's 15 s.
configure({ asyncUtilTimeout: 3_000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  resetAppConfigCache();
  resetReferenceData();
  forgetSession();
  vi.unstubAllGlobals();
});
