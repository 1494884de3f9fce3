import type { PolicyView } from "@domain/quote/policy-schema";
import { Button } from "@web/components/ui/button";
import { Dialog } from "@web/components/ui/dialog";
import { Spinner } from "@web/components/ui/spinner";
import { type FirstUseCode, preload, useFirstUse } from "@web/lib/on-first-use";
import { type ReactNode, useRef, useState } from "react";

/** What a policy dialog's form is given: how to say it is done, to close, and that it is waiting on the server. */
export interface PolicyFormHandlers {
  onDone: (answer: PolicyView) => void;
  onClose: () => void;
  /** A change is on its way: the dialog stays open until it is answered. */
  onBusy: (busy: boolean) => void;
}

/**
 * A button on the policy screen and the dialog it opens, for a change to the policy (cancel it, change it). The
 * form and its schema are fetched when a pointer comes over the button or it takes focus, so the screen loads
 * without them. The dialog stays mounted after the change so it closes the usual way; focus then goes to
 * `focusAfterDone` when the change removes the button, else back to the button itself (named, since the screen
 * behind has been drawn again with the answer meanwhile and would otherwise leave focus at the page's start).
 */
export function PolicyDialogAction<Module>({
  offered,
  label,
  icon,
  title,
  description,
  code,
  opening,
  form,
  onDone,
  focusAfterDone,
}: {
  /** Whether the server lets this user make the change now. */
  offered: boolean;
  label: string;
  icon: ReactNode;
  title: string;
  description: string;
  code: FirstUseCode<Module>;
  /** Shown while the form's code arrives. */
  opening: string;
  form: (module: Module, handlers: PolicyFormHandlers) => ReactNode;
  onDone: (answer: PolicyView) => void;
  focusAfterDone?: () => HTMLElement | null;
}) {
  const [open, setOpen] = useState(false);
  const busy = useRef(false);
  const done = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const loaded = useFirstUse(code, open);
  const handlers: PolicyFormHandlers = {
    onDone: (answer) => {
      done.current = true;
      setOpen(false);
      onDone(answer);
    },
    onClose: () => setOpen(false),
    onBusy: (next) => {
      busy.current = next;
    },
  };
  return (
    <>
      {offered ? (
        <Button
          ref={trigger}
          variant="outline"
          onClick={() => {
            done.current = false;
            setOpen(true);
          }}
          onFocus={() => preload(code)}
          onPointerEnter={() => preload(code)}
        >
          {icon}
          {label}
        </Button>
      ) : null}
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!busy.current) setOpen(next);
        }}
        title={title}
        description={description}
        onCloseAutoFocus={(event) => {
          const target = done.current ? (focusAfterDone?.() ?? trigger.current) : null;
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      >
        {loaded ? (
          form(loaded, handlers)
        ) : (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner /> {opening}
          </p>
        )}
      </Dialog>
    </>
  );
}
