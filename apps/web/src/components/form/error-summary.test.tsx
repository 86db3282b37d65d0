import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '../../i18n/use-translation.tsx';
import { createI18n } from '../../i18n/i18n.ts';
import { ErrorSummary, type SummaryError } from './error-summary.tsx';

function renderSummary(
  focusKey: number,
  errors: SummaryError[] = [{ fieldId: 'email', message: 'Enter your email address' }],
) {
  return render(
    <I18nProvider i18n={createI18n('en')}>
      <ErrorSummary errors={errors} focusKey={focusKey} />
      <label htmlFor="email">Email</label>
      <input id="email" />
    </I18nProvider>,
  );
}

describe('ErrorSummary', () => {
  it('takes focus after a submit with errors and links to the field', async () => {
    const user = userEvent.setup();
    renderSummary(1);
    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Enter your email address' }));
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('does not steal focus before the first submit and renders nothing without errors', () => {
    const { rerender } = renderSummary(0);
    expect(screen.getByRole('alert')).not.toHaveFocus();
    rerender(
      <I18nProvider i18n={createI18n('en')}>
        <ErrorSummary errors={[]} focusKey={2} />
      </I18nProvider>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says a message about the applicant as the page's, without a link, before the fields to fix", () => {
    renderSummary(1, [
      { fieldId: 'dob_day', message: 'You must have reached the age of majority.', isPageLevel: true },
      { fieldId: 'email', message: 'Enter your email address' },
    ]);
    const summary = screen.getByRole('alert');
    expect(summary).toHaveTextContent(/^There is a problemYou must have reached the age of majority\./);
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Enter your email address']);
  });
});
