import { Input } from "@web/components/ui/input";
import { FieldError, Label } from "@web/components/ui/label";
import { NEW_PASSWORD_HINT } from "@web/lib/password-check";

export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
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
      <div className="grid gap-1.5">
        <Label htmlFor="new-password">New password</Label>
        <Input
          id="new-password"
          name="new-password"
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={(event) => onChange("newPassword", event.target.value)}
          aria-invalid={errors.newPassword ? true : undefined}
          aria-describedby={errors.newPassword ? "new-password-error" : "new-password-hint"}
        />
        {errors.newPassword ? (
          <FieldError id="new-password-error" message={errors.newPassword} />
        ) : (
          <p id="new-password-hint" className="text-xs text-slate-600">
            {NEW_PASSWORD_HINT}
          </p>
        )}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="confirm-password">Confirm new password</Label>
        <Input
          id="confirm-password"
          name="confirm-password"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(event) => onChange("confirmPassword", event.target.value)}
          aria-invalid={errors.confirmPassword ? true : undefined}
          aria-describedby={errors.confirmPassword ? "confirm-password-error" : undefined}
        />
        <FieldError id="confirm-password-error" message={errors.confirmPassword} />
      </div>
    </>
  );
}
