import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nProvider } from '../../i18n/use-translation.tsx';
import { createI18n } from '../../i18n/i18n.ts';
import { Combobox, type ComboboxOption } from './combobox.tsx';

const OPTIONS: ComboboxOption[] = [
  { id: 'a', text: '290 Bremner Blvd', description: 'Toronto, ON, M5V 3L9' },
  { id: 'b', text: '290 Bremner St', description: 'Sudbury, ON, P3A 1A1' },
  { id: 'c', text: 'Bremner Blvd', description: '12 addresses', isContainer: true },
];

type Load = (term: string, signal: AbortSignal, parent?: ComboboxOption) => Promise<ComboboxOption[]>;

function Harness({ load, onSelect }: { load: Load; onSelect: (o: ComboboxOption) => void }) {
  const [value, setValue] = useState('');
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <Combobox
        id="search"
        label="Search for your address"
        placeholder="Start typing address"
        value={value}
        onValueChange={setValue}
        loadOptions={load}
        onSelect={(o) => {
          setValue(o.text);
          onSelect(o);
        }}
      />
    </form>
  );
}

function setup(load: Load) {
  const onSelect = vi.fn();
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  render(
    <I18nProvider i18n={createI18n('en')}>
      <Harness load={load} onSelect={onSelect} />
    </I18nProvider>,
  );
  const input = screen.getByRole('combobox', { name: 'Search for your address' });
  return { user, input, onSelect };
}

/** Lets the debounce run out and the pending promise settle. */
async function flush(ms = 250) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('Combobox', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Testing Library drains pending work with a setTimeout(0) after each user action and only advances
    // fake timers when it sees Jest's: point it at vitest's clock.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has the ARIA 1.2 combobox attributes and announces the number of results', async () => {
    const load = vi.fn<Load>(async () => OPTIONS);
    const { user, input } = setup(load);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAttribute('aria-controls', 'search-listbox');
    expect(input).toHaveAttribute('placeholder', 'Start typing address');
    await user.type(input, '290 Bre');
    await flush();
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox');
    expect(listbox).toHaveAttribute('id', 'search-listbox');
    expect(screen.getAllByRole('option')).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('3 results available.');
  });

  it('waits 250 ms after the last keystroke before loading', async () => {
    const load = vi.fn<Load>(async () => OPTIONS);
    const { user, input } = setup(load);
    await user.type(input, '290 B');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(load).not.toHaveBeenCalled();
    await user.type(input, 'r');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(load).not.toHaveBeenCalled();
    await flush(60);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load.mock.calls[0]?.[0]).toBe('290 Br');
  });

  it('aborts an outdated request and ignores its late answer', async () => {
    const resolvers: ((o: ComboboxOption[]) => void)[] = [];
    const signals: AbortSignal[] = [];
    const load = vi.fn<Load>(
      (_term, signal) =>
        new Promise((resolve) => {
          signals.push(signal);
          resolvers.push(resolve);
        }),
    );
    const { user, input } = setup(load);
    await user.type(input, '290');
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    await user.type(input, ' Bre');
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
    // The newer answer arrives first, then the outdated one: only the newer is shown.
    await act(async () => {
      resolvers[1]?.([OPTIONS[0]!]);
      resolvers[0]?.(OPTIONS);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(screen.getByRole('option')).toHaveTextContent('290 Bremner Blvd');
  });

  it('arrow keys move the active option (aria-activedescendant), Enter selects, focus stays in the input', async () => {
    const load = vi.fn<Load>(async () => OPTIONS);
    const { user, input, onSelect } = setup(load);
    await user.type(input, '290 Bre');
    await flush();
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', 'search-option-0');
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', 'search-option-1');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // Wraps from the first to the last option.
    expect(input).toHaveAttribute('aria-activedescendant', 'search-option-2');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith(OPTIONS[0]);
    expect(input).toHaveFocus();
    expect(input).toHaveValue('290 Bremner Blvd');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
  });

  it('Escape closes the list, a second Escape clears the text', async () => {
    const load = vi.fn<Load>(async () => OPTIONS);
    const { user, input } = setup(load);
    await user.type(input, '290 Bre');
    await flush();
    await user.keyboard('{ArrowDown}{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('290 Bre');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}{Escape}');
    expect(input).toHaveValue('');
  });

  it('choosing a container drills into it (loads with the parent) instead of selecting', async () => {
    const children: ComboboxOption[] = [{ id: 'c1', text: '1-290 Bremner Blvd', description: 'Toronto, ON' }];
    const load = vi.fn<Load>(async (_term, _signal, parent) => (parent ? children : OPTIONS));
    const { user, input, onSelect } = setup(load);
    await user.type(input, 'Bremner');
    await flush();
    await user.keyboard('{ArrowUp}{Enter}');
    await flush(0);
    expect(onSelect).not.toHaveBeenCalled();
    expect(load).toHaveBeenLastCalledWith('Bremner', expect.any(AbortSignal), OPTIONS[2]);
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('1 result available.');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith(children[0]);
  });

  it('Enter with the list open and nothing highlighted does not submit the form', async () => {
    const load = vi.fn<Load>(async () => OPTIONS);
    const submit = vi.fn();
    const { user, input } = setup(load);
    (input as HTMLInputElement).form?.addEventListener('submit', submit);
    await user.type(input, '290 Bre');
    await flush();
    await user.keyboard('{Enter}');
    expect(submit).not.toHaveBeenCalled();
  });

  it('clicking an option selects it', async () => {
    const load = vi.fn<Load>(async () => OPTIONS);
    const { user, input, onSelect } = setup(load);
    await user.type(input, '290 Bre');
    await flush();
    await user.click(screen.getAllByRole('option')[1]!);
    expect(onSelect).toHaveBeenCalledWith(OPTIONS[1]);
  });
});
