import { formatDateGb, parseDateText } from "@domain/format/dates";
import { type Ref, useState } from "react";
import { Input } from "./input";

export const DATE_HINT = "For example, 27/03/2026";

export interface DateInputProps {
  id: string;
  name?: string;
  /** The stored date, YYYY-MM-DD; null or "" when there is none. */
  value: string | null | undefined;
  /**
   * The date as the API keeps it (YYYY-MM-DD) once the text names a real date; null when the box is empty;
   * otherwise the text as typed, so the field's own schema reports it with the field's message.
   */
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

function shownText(value: string | null | undefined): string {
  if (!value) return "";
  return formatDateGb(value) || value;
}

/**
 * One text box for a date, typed DD/MM/YYYY (or YYYY-MM-DD): one stop for the keyboard, where the browser's
 * own date input has a stop for each of day, month and year and one for its calendar button.
 */
export function DateInput({ id, name, value, onChange, onBlur, inputRef, disabled, ...aria }: DateInputProps) {
  const [text, setText] = useState(() => shownText(value));
  const [lastValue, setLastValue] = useState(value ?? null);
  // A date set from elsewhere (a company chosen from the register) replaces what the box shows.
  if ((value ?? null) !== lastValue) {
    setLastValue(value ?? null);
    setText(shownText(value));
  }
  return (
    <Input
      id={id}
      name={name}
      ref={inputRef}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder="DD/MM/YYYY"
      disabled={disabled}
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        const next = typed.trim() === "" ? null : (parseDateText(typed) ?? typed);
        setText(typed);
        setLastValue(next);
        onChange(next);
      }}
      onBlur={() => {
        // A date typed as YYYY-MM-DD is shown back the UK way once the broker moves on.
        const parsed = parseDateText(text);
        if (parsed) setText(formatDateGb(parsed));
        onBlur?.();
      }}
      {...aria}
    />
  );
}
