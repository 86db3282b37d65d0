/**
 * An editable combobox with a list autocomplete (WAI-ARIA 1.2 combobox pattern, "list autocomplete with
 * manual selection"): the input has role=combobox, aria-expanded, aria-controls (the listbox) and
 * aria-activedescendant (the highlighted option); focus never leaves the input.
 *
 * Keys: ArrowDown/ArrowUp open the list and move through the options (wrapping), Enter selects the
 * highlighted option (and does not submit the form), Escape closes the list (a second Escape clears the
 * text), Tab closes it. The number of results is announced politely; a search that finds nothing, or a
 * service that fails, is shown as well, with the caller's way on (`fallbackAction`) beside it.
 *
 * The list sits in the page's flow, below the input: it pushes the content down instead of covering it
 * (the manual-entry link under an address search stays visible and reachable).
 *
 * Suggestions are loaded `debounceMs` after the last keystroke; each load aborts the previous one
 * (AbortController), so an outdated answer never replaces a newer one. An option may be a container
 * (`isContainer`, e.g. an AddressComplete item whose Next is 'Find'): choosing it loads its children into
 * the list at once instead of selecting it.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { FieldFrame, describedBy } from './field.tsx';

export interface ComboboxOption {
  id: string;
  /** Main text of the option. */
  text: string;
  /** Second line (e.g. city, province and postal code, or 'n addresses'). */
  description?: string;
  /** Choosing the option drills into it (loads its children) instead of selecting it. */
  isContainer?: boolean;
}

interface ComboboxProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  placeholder?: string;
  /** The browser's autofill token (default 'off'): a filled value is searched as if typed. */
  autoComplete?: string;
  /** Translated error message of the field. */
  error?: string;
  /** The input's text (controlled). */
  value: string;
  /** Called on every keystroke with the new text. */
  onValueChange: (value: string) => void;
  /**
   * Loads the options for a search term; `parent` is the container being drilled into. Must honour
   * `signal` (abort outdated requests).
   */
  loadOptions: (term: string, signal: AbortSignal, parent?: ComboboxOption) => Promise<ComboboxOption[]>;
  /** Called when a (non-container) option is chosen. */
  onSelect: (option: ComboboxOption) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Delay after the last keystroke before loading (ms). */
  debounceMs?: number;
  /** Minimum trimmed length of the text before suggestions are loaded. */
  minLength?: number;
  /** Shown (not only announced) when a search finds nothing, e.g. "We can't find that address". */
  noResultsText?: string;
  /**
   * The way on when the suggestions cannot help (nothing found, or the service failed), shown beside the
   * message: e.g. 'Enter address manually'.
   */
  fallbackAction?: ReactNode;
}

type Status = 'idle' | 'loading' | 'done' | 'failed';

/** id of a combobox's option `index` (its aria-activedescendant). */
function optionIdOf(comboboxId: string, index: number): string {
  return `${comboboxId}-option-${index}`;
}

export function Combobox({
  id,
  label,
  hint,
  placeholder,
  autoComplete = 'off',
  error,
  value,
  onValueChange,
  loadOptions,
  onSelect,
  onBlur,
  name,
  inputRef,
  debounceMs = 250,
  minLength = 2,
  noResultsText,
  fallbackAction,
}: ComboboxProps) {
  const { t } = useTranslation();
  const listboxId = `${id}-listbox`;
  const statusId = useId();
  const [options, setOptions] = useState<ComboboxOption[]>([]);
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [status, setStatus] = useState<Status>('idle');
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  // Cancel the pending timer and request when the component goes away.
  useEffect(
    () => () => {
      if (timerRef.current) clearTimeout(timerRef.current);
      controllerRef.current?.abort();
    },
    [],
  );

  const cancelPending = () => {
    if (timerRef.current) {
      clearTimeout(timerRef.current);
      timerRef.current = null;
    }
    controllerRef.current?.abort();
    controllerRef.current = null;
  };

  const load = (term: string, parent?: ComboboxOption) => {
    cancelPending();
    const controller = new AbortController();
    controllerRef.current = controller;
    setStatus('loading');
    loadOptions(term, controller.signal, parent).then(
      (result) => {
        if (controller.signal.aborted) return;
        controllerRef.current = null;
        setOptions(result);
        setActiveIndex(-1);
        setIsOpen(true);
        setStatus('done');
      },
      () => {
        if (controller.signal.aborted) return;
        controllerRef.current = null;
        setOptions([]);
        setIsOpen(false);
        setStatus('failed');
      },
    );
  };

  const onInput = (text: string) => {
    onValueChange(text);
    cancelPending();
    if (text.trim().length < minLength) {
      setOptions([]);
      setIsOpen(false);
      setActiveIndex(-1);
      setStatus('idle');
      return;
    }
    timerRef.current = setTimeout(() => {
      timerRef.current = null;
      load(text);
    }, debounceMs);
  };

  const close = () => {
    setIsOpen(false);
    setActiveIndex(-1);
  };

  const choose = (option: ComboboxOption) => {
    if (option.isContainer) {
      load(value, option);
      return;
    }
    cancelPending();
    close();
    setStatus('idle');
    onSelect(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (options.length === 0) {
          if (value.trim().length >= minLength && status !== 'loading') load(value);
          return;
        }
        const step = event.key === 'ArrowDown' ? 1 : -1;
        if (!isOpen) {
          setIsOpen(true);
          setActiveIndex(step === 1 ? 0 : options.length - 1);
          return;
        }
        setActiveIndex((i) => {
          if (i < 0) return step === 1 ? 0 : options.length - 1;
          return (i + step + options.length) % options.length;
        });
        return;
      }
      case 'Enter': {
        const option = isOpen ? options[activeIndex] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        } else if (isOpen && options.length > 0) {
          // Suggestions are shown but none is highlighted: don't submit the form by accident. With no
          // suggestions, Enter submits as in any field (and Continue says what is missing).
          event.preventDefault();
        }
        return;
      }
      case 'Escape': {
        if (isOpen) {
          event.preventDefault();
          close();
        } else if (value !== '') {
          event.preventDefault();
          cancelPending();
          onValueChange('');
          setOptions([]);
          setStatus('idle');
        }
        return;
      }
      case 'Tab':
        close();
        return;
      default:
    }
  };

  const activeOption = isOpen && activeIndex >= 0 ? options[activeIndex] : undefined;
  const optionId = (index: number) => optionIdOf(id, index);

  // The highlighted suggestion stays in sight: the list and, on a small screen, the page scroll to it.
  useEffect(() => {
    if (!isOpen || activeIndex < 0) return;
    document.getElementById(optionIdOf(id, activeIndex))?.scrollIntoView({ block: 'nearest' });
  }, [id, isOpen, activeIndex]);

  const isExpanded = isOpen && options.length > 0;

  // Announced only: searching and the number of results. Shown as well: nothing found, or no service.
  let statusText = '';
  if (status === 'loading') statusText = t('combobox.searching');
  else if (status === 'done' && isOpen && options.length > 0)
    statusText = t('combobox.results', { count: options.length });
  let notice: string | null = null;
  if (status === 'failed') notice = t('combobox.failed');
  else if (status === 'done' && options.length === 0) notice = noResultsText ?? t('combobox.noResults');

  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className="combobox">
      <div className="combobox__wrapper">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="text"
          className="field__input combobox__input"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={isExpanded}
          aria-controls={listboxId}
          aria-activedescendant={activeOption ? optionId(activeIndex) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onInput(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            close();
            onBlur?.();
          }}
        />
        <ul
          className="combobox__listbox"
          id={listboxId}
          role="listbox"
          aria-label={t('combobox.suggestions')}
          hidden={!isExpanded}
        >
          {options.map((option, index) => (
            // The input keeps focus (aria-activedescendant); the keyboard is handled there.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={`${option.id}-${index}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={
                index === activeIndex ? 'combobox__option combobox__option--active' : 'combobox__option'
              }
              // Keep focus in the input: a mousedown on the option would blur it and close the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              <span className="combobox__option-text">{option.text}</span>
              {option.description ? (
                <span className="combobox__option-description">
                  {option.description}
                  {option.isContainer ? (
                    <span className="combobox__more" aria-hidden="true">
                      {' '}
                      ›
                    </span>
                  ) : null}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      <div id={statusId} role="status" aria-live="polite" aria-atomic="true">
        {notice ? (
          <p className="combobox__notice">
            <span className="combobox__notice-text">{notice}</span> {fallbackAction}
          </p>
        ) : (
          <span className="visually-hidden">{statusText}</span>
        )}
      </div>
    </FieldFrame>
  );
}
