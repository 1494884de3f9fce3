import { FieldError, Label } from "@web/components/ui/label";
import { PasswordInput } from "@web/components/ui/password-input";
import { NEW_PASSWORD_HINT } from "@web/lib/password-check";

export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/**
 * One password question: its label, the box (with Show password), and under it the message, or the hint until
 * there is a message.
 */
export function PasswordField({
  id,
  label,
  autoComplete,
  value,
  onChange,
  error,
  hint,
}: {
  id: string;
  label: string;
  autoComplete: "current-password" | "new-password";
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  hint?: string;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <PasswordInput
        id={id}
        name={id}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : hint ? hintId : undefined}
      />
      {error || !hint ? (
        <FieldError id={errorId} message={error} />
      ) : (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** New password and its confirmation, with the rule said under the first until there is a message instead. */
export function NewPasswordFields({
  values,
  errors,
  onChange,
}: {
  values: NewPasswordValues;
  errors: Partial<Record<keyof NewPasswordValues, string>>;
  onChange: (field: keyof NewPasswordValues, value: string) => void;
}) {
  return (
    <>
      <PasswordField
        id="new-password"
        label="New password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={(value) => onChange("newPassword", value)}
        error={errors.newPassword}
        hint={NEW_PASSWORD_HINT}
      />
      <PasswordField
        id="confirm-password"
        label="Confirm new password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={(value) => onChange("confirmPassword", value)}
        error={errors.confirmPassword}
      />
    </>
  );
}
