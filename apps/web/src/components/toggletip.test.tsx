import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toggletip } from './toggletip.tsx';

describe('Toggletip', () => {
  it('stays open while a press outside starts, and closes once that click has reached its target', async () => {
    const user = userEvent.setup();
    const onContinue = vi.fn();
    render(
      <>
        <Toggletip label="What is the length and term?" text="How long your money stays invested." />
        <button type="button" onClick={onContinue}>
          Continue
        </button>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'What is the length and term?' }));
    expect(screen.getByRole('status')).toHaveTextContent('How long your money stays invested.');

    // Closing on pointerdown would move the page under the pointer before the click lands.
    const next = screen.getByRole('button', { name: 'Continue' });
    fireEvent.pointerDown(next);
    expect(screen.getByRole('status')).toHaveTextContent('How long your money stays invested.');
    await user.click(next);
    expect(onContinue).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
