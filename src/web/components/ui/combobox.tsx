import { type KeyboardEvent, type ReactNode, type Ref, useId, useState } from "react";
import { cn } from "../../lib/cn";
import { Input } from "./input";

export interface ComboboxProps<T> {
  id: string;
  value: string;
  /** Every keystroke: the text is the field's value (free text is allowed; the list only helps). */
  onInputChange: (text: string) => void;
  /** A suggestion was chosen with Enter or a click. */
  onSelect: (item: T) => void;
  items: readonly T[];
  itemKey: (item: T) => string;
  /** The text the input takes when an item is chosen. */
  itemText: (item: T) => string;
  renderItem?: (item: T) => ReactNode;
  /** Whether the list may open at all (e.g. not before 2 characters, not once a company is chosen). */
  enabled?: boolean;
  /** Shown in place of the list while suggestions load. */
  loadingText?: string;
  loading?: boolean;
  /** Shown when the list is open and has nothing (e.g. 'No business activity found.'). */
  emptyText?: ReactNode;
  /** A line under the suggestions while they show, saying where they come from (e.g. a demo register). */
  footer?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onFocus?: () => void;
  onBlur?: () => void;
  name?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/**
 * The WAI-ARIA combobox pattern (an editable input with a list of suggestions): arrow keys move through the
 * options, Enter chooses, Escape closes, and the active option is announced through aria-activedescendant,
 * so focus stays in the input for typing.
 */
export function Combobox<T>({
  id,
  value,
  onInputChange,
  onSelect,
  items,
  itemKey,
  itemText,
  renderItem,
  enabled = true,
  loading = false,
  loadingText = "Loading...",
  emptyText,
  footer,
  placeholder,
  disabled,
  inputRef,
  onFocus,
  onBlur,
  name,
  ...aria
}: ComboboxProps<T>) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const showList = open && enabled && !disabled;
  const hasContent = loading || items.length > 0 || emptyText !== undefined;
  const expanded = showList && hasContent;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (item: T) => {
    onSelect(item);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (items.length === 0 ? -1 : Math.min(items.length - 1, current + 1)));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((current) => Math.max(0, current - 1));
    } else if (event.key === "Enter" && expanded && active >= 0) {
      const item = items[active];
      if (item !== undefined) {
        event.preventDefault();
        choose(item);
      }
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative">
      <Input
        id={id}
        ref={inputRef}
        name={name}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-invalid={aria["aria-invalid"]}
        aria-describedby={aria["aria-describedby"]}
        placeholder={placeholder}
        disabled={disabled}
        value={value}
        onChange={(event) => {
          onInputChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          setOpen(true);
          onFocus?.();
        }}
        onBlur={() => {
          // A click on an option lands after blur; onMouseDown below prevents the blur from closing first.
          setOpen(false);
          setActive(-1);
          onBlur?.();
        }}
        onKeyDown={onKeyDown}
      />
      {expanded && (loading || items.length === 0) ? (
        // Loading and 'nothing found' are said beside the list: a listbox holds options only.
        <div
          role="status"
          className="absolute z-40 mt-1 w-full rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-600 shadow-lg"
        >
          {loading ? loadingText : emptyText}
        </div>
      ) : null}
      <div
        className={cn(
          "absolute z-40 mt-1 w-full rounded-md border border-slate-200 bg-white shadow-lg",
          expanded && !loading && items.length > 0 ? "block" : "hidden",
        )}
      >
        <div
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          // Never a Tab stop of its own (Chromium makes a scrolling box focusable): Tab leaves the input for
          // the next field, and the options are reached with the arrow keys.
          tabIndex={-1}
          className="max-h-72 overflow-auto py-1"
        >
          {expanded && !loading
            ? items.map((item, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the input takes the keys (arrows, Enter) for its options
                <div
                  key={itemKey(item)}
                  id={optionId(index)}
                  role="option"
                  // Reachable with the arrow keys from the input, never by Tab.
                  tabIndex={-1}
                  aria-selected={index === active}
                  className={cn(
                    "cursor-pointer px-3 py-1.5 text-sm text-slate-900",
                    index === active ? "bg-blue-50 text-blue-900" : "hover:bg-slate-50",
                  )}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(item)}
                >
                  {renderItem ? renderItem(item) : itemText(item)}
                </div>
              ))
            : null}
        </div>
        {footer ? (
          <p className="border-t border-slate-100 px-3 py-1.5 text-xs font-medium text-amber-900">{footer}</p>
        ) : null}
      </div>
    </div>
  );
}
