import { formatWholeNumber } from "@domain/format/numbers";
import { Input } from "@web/components/ui/input";
import { FieldError, Label } from "@web/components/ui/label";
import { Switch } from "@web/components/ui/switch";
import { cn } from "@web/lib/cn";
import { type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode, type Ref, useId } from "react";

/** The id of a field's message, so the input can point at it (aria-describedby). */
export const errorIdFor = (id: string) => `${id}-error`;

/** Props that tie an input to its message: invalid state and the message's id. */
export function describedBy(id: string, message: string | undefined, hintId?: string) {
  const ids = [message ? errorIdFor(id) : undefined, hintId].filter(Boolean).join(" ");
  return { "aria-invalid": message ? true : undefined, "aria-describedby": ids || undefined } as const;
}

interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  hintId?: string;
  className?: string;
  children: ReactNode;
}

/** A label, the control, an optional hint and the docs/product/errors.md message right under it. */
export function FormField({ id, label, error, hint, hintId, className, children }: FormFieldProps) {
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorIdFor(id)} message={error} />
    </div>
  );
}

interface YesNoSwitchProps {
  id?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The question the switch answers, as its accessible name. */
  label: string;
  disabled?: boolean;
}

/** docs/product/screens.md: every yes/no question is a NO/YES switch. */
export function YesNoSwitch({ id, checked, onCheckedChange, label, disabled }: YesNoSwitchProps) {
  const generated = useId();
  const switchId = id ?? generated;
  return (
    <div className="inline-flex items-center gap-2 text-xs font-semibold">
      <span aria-hidden="true" className={checked ? "font-normal text-slate-600" : "text-slate-900"}>
        NO
      </span>
      <Switch
        id={switchId}
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-label={label}
        disabled={disabled ?? false}
      />
      <span aria-hidden="true" className={checked ? "text-blue-900" : "font-normal text-slate-600"}>
        YES
      </span>
    </div>
  );
}

/** A yes/no question laid out as a row: the question on the left, the switch on the right. */
export function YesNoQuestion({
  id,
  question,
  checked,
  onCheckedChange,
  disabled,
  children,
}: Omit<YesNoSwitchProps, "label"> & { id: string; question: string; children?: ReactNode }) {
  return (
    <div className="grid gap-2 py-2">
      <div className="flex items-start justify-between gap-4">
        <label htmlFor={id} className="text-sm text-slate-800">
          {question}
        </label>
        <YesNoSwitch id={id} checked={checked} onCheckedChange={onCheckedChange} label={question} disabled={disabled} />
      </div>
      {children}
    </div>
  );
}

/** Inputs whose whole content was just selected on focus, until the click that focused them ends. */
const selectedOnFocus = new WeakSet<HTMLInputElement>();

/**
 * A prefilled number ("0") is replaced, not extended, by what the broker types: focusing the box selects its
 * content, so typing 30 into a percentage showing 0 gives 30, not 300 or 030. The click that focused the box
 * would otherwise drop the selection when the mouse button comes up.
 */
export const selectOnFocusProps = {
  onFocus: (event: FocusEvent<HTMLInputElement>) => {
    event.currentTarget.select();
    selectedOnFocus.add(event.currentTarget);
  },
  onMouseUp: (event: MouseEvent<HTMLInputElement>) => {
    if (selectedOnFocus.delete(event.currentTarget)) event.preventDefault();
  },
} as const;

interface AmountInputProps {
  id: string;
  value: number | null | undefined;
  /** Undefined when the box is empty, so the schema reports the field as required. */
  onChange: (value: number | undefined) => void;
  onBlur?: () => void;
  disabled?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  placeholder?: string;
  className?: string;
  /** Arrow Up / Down add or take this many pounds, as a number input's step would (fees: docs/product/rating.md's 1,000). */
  step?: number;
}

function parseWholeAmount(text: string): number | undefined {
  const digits = text.replace(/[^\d]/g, "");
  if (digits === "") return undefined;
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : undefined;
}

/**
 * Whole pounds with thousand separators as the broker types (docs/product/screens.md step 2: "1,250,000"). The input is
 * text with a numeric keyboard: a number input cannot show separators.
 */
export function AmountInput({ id, value, onChange, onBlur, className, step, ...rest }: AmountInputProps) {
  const current = typeof value === "number" && Number.isFinite(value) ? value : undefined;
  const shown = current === undefined ? "" : formatWholeNumber(current);
  const onKeyDown =
    step === undefined
      ? undefined
      : (event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
          event.preventDefault();
          const next = (current ?? 0) + (event.key === "ArrowUp" ? step : -step);
          onChange(Math.max(0, next));
        };
  return (
    <div className="relative">
      <span aria-hidden="true" className="pointer-events-none absolute top-2 left-3 text-sm text-slate-500">
        £
      </span>
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        className={cn("pl-7 tabular-nums", className)}
        value={shown}
        onChange={(event) => onChange(parseWholeAmount(event.target.value))}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          selectedOnFocus.delete(event.currentTarget);
          onBlur?.();
        }}
        {...selectOnFocusProps}
        {...rest}
      />
    </div>
  );
}

/** Percent inputs share docs/product/rating.md's bounds: 0 to 100 in steps of 0.1; an empty box counts as 0. */
export const percentInputProps = {
  type: "number",
  min: 0,
  max: 100,
  step: 0.1,
  inputMode: "decimal",
  ...selectOnFocusProps,
} as const;

export function percentValueAs(value: unknown): number {
  if (value === "" || value === null || value === undefined) return 0;
  return Number(value);
}

/** Whole-number inputs (directors, staff): an empty box is "no value", which the schema reports. */
export function wholeNumberValueAs(value: unknown): number | undefined {
  if (value === "" || value === null || value === undefined) return undefined;
  return Number(value);
}

interface WholeNumberInputProps {
  id: string;
  name: string;
  min: number;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string | undefined;
}

/** A head count (directors, staff): a numeric input whose empty box is "no value". */
export function WholeNumberInput({ id, name, min, value, onChange, onBlur, inputRef, error }: WholeNumberInputProps) {
  return (
    <Input
      id={id}
      type="number"
      min={min}
      step={1}
      inputMode="numeric"
      name={name}
      ref={inputRef}
      onBlur={onBlur}
      value={typeof value === "number" && Number.isFinite(value) ? String(value) : ""}
      onChange={(event) => onChange(wholeNumberValueAs(event.target.value))}
      {...selectOnFocusProps}
      {...describedBy(id, error)}
    />
  );
}

/** A percentage total with the product's tolerance styling: green at 100, amber otherwise. */
export function PercentTotal({ total, id, note }: { total: number; id?: string; note?: ReactNode }) {
  const complete = Math.abs(total - 100) <= 0.01;
  return (
    <p
      id={id}
      aria-live="polite"
      className={cn("text-sm font-semibold tabular-nums", complete ? "text-green-800" : "text-amber-800")}
    >
      Total: {formatWholeNumberOrDecimal(total)}%
      {note ? <span className="ml-2 font-normal text-slate-600">{note}</span> : null}
    </p>
  );
}

function formatWholeNumberOrDecimal(value: number): string {
  return Number.isInteger(value) ? formatWholeNumber(value) : value.toFixed(1);
}
