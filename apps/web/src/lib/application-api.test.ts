import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api.ts';
import {
  fieldErrorsFromProblem,
  flowOfPath,
  problemFieldErrors,
  problemNextPath,
} from './application-api.ts';

describe('fieldErrorsFromProblem', () => {
  it('sets each problem-details error on its field, key first, JSON pointers accepted', () => {
    const error = new ApiError(
      'x',
      400,
      {
        errors: [
          { path: '/firstName', key: 'name.first.required', message: 'Enter your first name' },
          { path: 'dob_day', message: 'Please enter correct day' },
          { path: 'unknown', key: 'x', message: 'y' },
        ],
      },
      {},
    );
    const setError = vi.fn();
    expect(fieldErrorsFromProblem(error, setError, ['firstName', 'dob_day'])).toBe(true);
    expect(setError).toHaveBeenCalledWith('firstName', { type: 'server', message: 'name.first.required' });
    expect(setError).toHaveBeenCalledWith('dob_day', { type: 'server', message: 'Please enter correct day' });
    expect(setError).toHaveBeenCalledTimes(2);
  });

  it('maps a server path onto a form field named differently', () => {
    const error = new ApiError(
      'x',
      400,
      { errors: [{ path: '1001.creditSources', key: 'usage.atLeastOne', message: '' }] },
      {},
    );
    const setError = vi.fn();
    expect(fieldErrorsFromProblem(error, setError, ['p1001.creditSources'], (p) => `p${p}`)).toBe(true);
    expect(setError).toHaveBeenCalledWith('p1001.creditSources', {
      type: 'server',
      message: 'usage.atLeastOne',
    });
  });

  it('ignores anything that is not a problem with errors', () => {
    expect(problemFieldErrors(new Error('x'))).toEqual([]);
    expect(fieldErrorsFromProblem(new ApiError('x', 500, null, {}), vi.fn())).toBe(false);
  });
});

describe('problemNextPath', () => {
  it('reads where a refused step says the applicant should be, and only a path of the site', () => {
    expect(problemNextPath(new ApiError('x', 409, { nextPath: '/single/address' }, {}))).toBe(
      '/single/address',
    );
    expect(problemNextPath(new ApiError('x', 409, { nextPath: 'https://evil.example' }, {}))).toBeUndefined();
    expect(problemNextPath(new Error('x'))).toBeUndefined();
  });
});

describe('flowOfPath', () => {
  it.each([
    ['/single/address', 'single'],
    ['/joint/address', 'joint'],
    // A page under a step keeps the step's flow.
    ['/joint/idverifyterms/capture', 'joint'],
    ['/single/idverifyterms/capture', 'single'],
  ])('%s is in the %s flow', (path, kind) => {
    expect(flowOfPath(path).kind).toBe(kind);
  });
});
