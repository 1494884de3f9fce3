import { CURRENT_PASSWORD_WRONG, PASSWORD_OR_CODE_REQUIRED } from "@domain/auth/reauthentication";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { ApiError, apiClient, errorMessageOf } from "../lib/api-client";
import { setReauthenticationAsker } from "../lib/reauthentication";
import { Button } from "./ui/button";
import { Dialog } from "./ui/dialog";
import { Input } from "./ui/input";
import { FieldError, Label } from "./ui/label";

type Method = "password" | "code";

/**
 * The signed-in shell's "Confirm it's you" dialog (docs/product/screens.md): opened by the API client when an action
 * answers 403 REAUTHENTICATION_REQUIRED; on success the client repeats the action, on Cancel the action's screen
 * shows the refusal. The form the user was filling in stays as it was underneath.
 */
export function ReauthenticationDialog() {
  const [open, setOpen] = useState(false);
  const [method, setMethod] = useState<Method>("password");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | undefined>(undefined);

  // Several requests refused at once (a screen may send more than one) share one dialog.
  const pending = useRef<Promise<boolean> | undefined>(undefined);
  useEffect(
    () =>
      setReauthenticationAsker(async (refusal) => {
        const body = await refusal.json().catch(() => undefined);
        if ((body as { code?: unknown } | undefined)?.code !== "REAUTHENTICATION_REQUIRED") return false;
        pending.current ??= new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setValue("");
          setError(undefined);
          setOpen(true);
        }).finally(() => {
          pending.current = undefined;
        });
        return pending.current;
      }),
    [],
  );

  const finish = (confirmed: boolean) => {
    setOpen(false);
    settle.current?.(confirmed);
    settle.current = undefined;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!value.trim()) {
      setError(PASSWORD_OR_CODE_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      await apiClient.post("/api/me/reauthenticate", method === "password" ? { password: value } : { code: value });
      finish(true);
    } catch (caught) {
      if (caught instanceof ApiError && caught.issues.length > 0)
        setError(caught.issues[0]?.message ?? CURRENT_PASSWORD_WRONG);
      else setError(errorMessageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  const id = method === "password" ? "reauthenticate-password" : "reauthenticate-code";
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) finish(false);
      }}
      title="Confirm it's you"
      description={`This action asks for your ${method === "password" ? "password" : "authenticator code"} again when you have not given it in the last few minutes.`}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor={id}>{method === "password" ? "Password" : "Authenticator or recovery code"}</Label>
          <Input
            key={id}
            id={id}
            type={method === "password" ? "password" : "text"}
            autoComplete={method === "password" ? "current-password" : "one-time-code"}
            inputMode={method === "password" ? undefined : "text"}
            autoFocus
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(undefined);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <FieldError id={`${id}-error`} message={error} />
        </div>
        <button
          type="button"
          className="justify-self-start text-sm text-blue-700 underline hover:text-blue-900"
          onClick={() => {
            setMethod(method === "password" ? "code" : "password");
            setValue("");
            setError(undefined);
          }}
        >
          {method === "password" ? "Use an authenticator code instead" : "Use your password instead"}
        </button>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => finish(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Confirming..." : "Confirm"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
