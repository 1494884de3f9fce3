import { RECOVERY_CODE_COUNT } from "@domain/auth/two-factor";
import { Button } from "@web/components/ui/button";
import type { ReactNode } from "react";

/**
 * Recovery codes, shown the one time the server answers them (docs/product/permissions.md "Two-factor sign-in"):
 * at enrolment and when the user asks for new ones.
 */
export function RecoveryCodes({ codes, lead, onDone }: { codes: string[]; lead: ReactNode; onDone: () => void }) {
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-700">
        {lead} Keep these {RECOVERY_CODE_COUNT} recovery codes somewhere safe: each signs you in once if you lose your
        phone. They are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-1 gap-1 font-mono text-sm sm:grid-cols-2">
        {codes.map((c) => (
          <li key={c} className="rounded bg-slate-100 px-2 py-1">
            {c}
          </li>
        ))}
      </ul>
      <div>
        <Button type="button" onClick={onDone}>
          I Have Saved Them
        </Button>
      </div>
    </div>
  );
}
