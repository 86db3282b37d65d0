import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { stubApi } from '../test/profile-fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

const SMS = {
  id: '1',
  channel: 'sms',
  to: '+14165550142',
  subject: null,
  body: 'Your omo Credit Union verification code is 123456. It expires in 10 minutes.',
  sentAt: '2026-11-21T12:00:00.000Z',
};

describe('/dev/outbox', () => {
  it('lists what the sandbox sent, newest first', async () => {
    stubApi((call) => (call.path === '/api/dev/outbox' ? { body: [SMS] } : undefined));
    renderApp('/dev/outbox');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Sandbox outbox');
    expect(await screen.findByText(/verification code is 123456/)).toBeInTheDocument();
    expect(screen.getByText('Text message')).toBeInTheDocument();
  });

  it('is the not-found page in production', async () => {
    stubApi(() => undefined, { isProduction: true });
    renderApp('/dev/outbox');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
  });
});
