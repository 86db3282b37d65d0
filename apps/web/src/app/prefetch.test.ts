import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { outcomeAhead, registerScreens, screensAfter, usePrefetchNextScreens } from './prefetch.ts';

describe('the screens fetched ahead', () => {
  it('are the next two screens of the flow, a screen that may be skipped among them', () => {
    expect(screensAfter('/single/getstarted')).toEqual(['/single/createprofile', '/single/personalinfo']);
    // The SIN is asked only for an interest-bearing account: the screen after it is fetched too.
    expect(screensAfter('/single/funding')).toEqual(['/single/sin', '/single/identityconsent']);
  });

  it('are screens of the same flow, never an outcome page; none for a path outside the flows', () => {
    for (const path of screensAfter('/joint/getstarted')) expect(path).toMatch(/^\/joint\//);
    expect(screensAfter('/single/reviewterms')).toEqual([]);
    expect(screensAfter('/resume')).toEqual([]);
  });

  it("skip a screen the flow never asks: the co-applicant's consent fetches the terms' screens", () => {
    expect(screensAfter('/joint/identityconsent')).toEqual(['/joint/idverifyterms', '/joint/legalterms']);
  });

  it('from the terms: the welcome page the submit most often leads to; from no other screen', () => {
    expect(outcomeAhead('/single/reviewterms')).toEqual(['/single/confirmapplication']);
    expect(outcomeAhead('/joint/reviewterms')).toEqual(['/joint/confirmapplication']);
    expect(outcomeAhead('/single/reviewapplication')).toEqual([]);
    expect(outcomeAhead('/resume')).toEqual([]);
  });
});

describe('fetching ahead', () => {
  it('happens once the browser is idle on a screen, not while the app goes to another screen', async () => {
    const load = vi.fn(async () => undefined);
    registerScreens({ '/single/createprofile': { Component: load } });
    vi.useFakeTimers();
    try {
      const { rerender } = renderHook(
        ({ isNavigating }) => usePrefetchNextScreens('/single/getstarted', isNavigating),
        {
          initialProps: { isNavigating: true },
        },
      );
      await vi.advanceTimersByTimeAsync(2_000);
      expect(load).not.toHaveBeenCalled();
      rerender({ isNavigating: false });
      await vi.advanceTimersByTimeAsync(2_000);
      expect(load).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
      registerScreens({});
    }
  });
});
