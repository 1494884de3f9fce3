import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { FieldError, Label } from "@web/components/ui/label";
import type { ComponentProps, ReactNode } from "react";

/**
 * A form that adds a record (a user, a firm) above its list: the fields in a grid, and the submit button last,
 * level with the inputs on a wide window (a blank line where the others have their label).
 */
export function AddRecordForm({
  title,
  gridClassName,
  onSubmit,
  submitLabel,
  busyLabel,
  icon,
  busy,
  complete,
  children,
}: {
  title: string;
  /** The grid's columns at each breakpoint, for this form's fields. */
  gridClassName: string;
  onSubmit: () => void;
  submitLabel: string;
  busyLabel: string;
  icon: ReactNode;
  busy: boolean;
  /** Every field the record needs is filled in: the button is enabled. */
  complete: boolean;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
          noValidate
          className={gridClassName}
        >
          {children}
          <div className="grid gap-1.5">
            <span aria-hidden="true" className="hidden text-sm lg:block">
              &nbsp;
            </span>
            <Button type="submit" disabled={!complete || busy}>
              {icon}
              {busy ? busyLabel : submitLabel}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/**
 * One text field of such a form: its label, the input, and under it the error when there is one, otherwise the
 * hint (a rule said before the first try, so nobody has to guess it from a refusal).
 */
export function RecordTextField({
  id,
  label,
  error,
  hint,
  ...input
}: { id: string; label: string; error: string | undefined; hint?: ReactNode } & ComponentProps<typeof Input>) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        {...input}
      />
      {error ? (
        <FieldError id={`${id}-error`} message={error} />
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
