import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { resetAppConfigCache } from '../config/app-config.ts';
import { resetReferenceData } from '../lib/reference-data.ts';
import { forgetSession } from '../lib/session-clock.ts';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  resetAppConfigCache();
  resetReferenceData();
  forgetSession();
  vi.unstubAllGlobals();
});
