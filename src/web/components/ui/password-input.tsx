import { type InputHTMLAttributes, type Ref, useState } from "react";
import { cn } from "../../lib/cn";
import { Input } from "./input";
import { EyeIcon, EyeOffIcon } from "./shell-icons";

/**
 * A password box with a Show password button, on every screen that asks for a password: a user typing a long
 * passphrase on a phone can check it before sending it.
 */
export function PasswordInput({
  className,
  ref,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { ref?: Ref<HTMLInputElement> }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <Input ref={ref} type={shown ? "text" : "password"} className={cn("pr-10", className)} {...props} />
      <button
        type="button"
        onClick={() => setShown((before) => !before)}
        aria-label={shown ? "Hide password" : "Show password"}
        aria-pressed={shown}
        className={cn(
          "absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-600 hover:text-slate-900",
          "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600",
        )}
      >
        {shown ? <EyeOffIcon className="h-4 w-4" /> : <EyeIcon className="h-4 w-4" />}
      </button>
    </div>
  );
}
