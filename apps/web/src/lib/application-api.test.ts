import { describe, expect, it, vi } from 'vitest';
import { SINGLE_FLOW } from '@omo/domain';
import { mockFetch } from '../test/mock-fetch.ts';
import { makeView } from '../test/verify-address-fixtures.ts';
import { ApiError } from './api.ts';
import { fieldErrorsFromProblem, loadApplicationForStep, problemFieldErrors } from './application-api.ts';

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

  it('ignores anything that is not a problem with errors', () => {
    expect(problemFieldErrors(new Error('x'))).toEqual([]);
    expect(fieldErrorsFromProblem(new ApiError('x', 500, null, {}), vi.fn())).toBe(false);
  });
});

describe('loadApplicationForStep', () => {
  it('sends the applicant back to the start, saying why, without a session', async () => {
    mockFetch({ '/api/omo/Application': { status: 401, body: { title: 'Unauthorized' } } });
    const thrown = await loadApplicationForStep(SINGLE_FLOW, 'personalinfo').catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/?session=ended');
  });

  it('sends the applicant to nextPath when the step is not reachable yet', async () => {
    mockFetch({
      '/api/omo/Application': {
        body: makeView({ completedSteps: ['createprofile'], nextPath: '/single/personalinfo' }),
      },
    });
    const thrown = await loadApplicationForStep(SINGLE_FLOW, 'address').catch((e: unknown) => e);
    expect((thrown as Response).headers.get('Location')).toBe('/single/personalinfo');
    const view = await loadApplicationForStep(SINGLE_FLOW, 'personalinfo');
    expect(view.nextPath).toBe('/single/personalinfo');
  });
});
