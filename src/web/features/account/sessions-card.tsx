import type { OwnSession } from "@domain/auth/schemas";
import { formatDateTimeGb } from "@domain/format/dates";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { FullPageSpinner } from "@web/components/ui/spinner";
import { toast } from "@web/components/ui/toast-store";
import { errorMessageOf } from "@web/lib/api-client";
import { Laptop } from "lucide-react";
import { useEndOtherSessions, useEndOwnSession, useOwnSessions } from "./sessions-api";

function SessionItem({ session, busy, onEnd }: { session: OwnSession; busy: boolean; onEnd: () => void }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="own-session">
      <div className="flex min-w-0 gap-3">
        <Laptop aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {session.device}
            {session.current ? <Badge tone="info">This browser</Badge> : null}
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-sm text-slate-600">
            <dt>Address</dt>
            <dd className="wrap-anywhere">{session.ip ?? "Not known"}</dd>
            <dt>Signed in</dt>
            <dd>
              <time dateTime={session.signedInAt}>{formatDateTimeGb(session.signedInAt)}</time>
            </dd>
            <dt>Last used</dt>
            <dd>
              <time dateTime={session.lastUsedAt}>{formatDateTimeGb(session.lastUsedAt)}</time>
            </dd>
          </dl>
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={onEnd}
        disabled={busy}
        aria-label={session.current ? "Sign Out Here, this browser" : `End Session on ${session.device}`}
      >
        {session.current ? "Sign Out Here" : "End Session"}
      </Button>
    </li>
  );
}

/**
 * Account's list of the user's sessions (docs/product/permissions.md "Sessions"): where they are signed in, and
 * ending any one or all but this one. Ending this one signs out, as Logout does.
 */
export function SessionsCard() {
  const sessions = useOwnSessions();
  const endOne = useEndOwnSession();
  const endOthers = useEndOtherSessions();
  const busy = endOne.isPending || endOthers.isPending;

  const end = async (session: OwnSession) => {
    if (busy) return;
    try {
      const { signedOut } = await endOne.mutateAsync(session.id);
      if (!signedOut) toast({ title: "Session Ended", description: `${session.device} is signed out.` });
    } catch (error) {
      toast({ title: "Session Error", description: errorMessageOf(error), variant: "destructive" });
    }
  };

  const endAllOthers = async () => {
    if (busy) return;
    try {
      const { sessionsEnded } = await endOthers.mutateAsync();
      toast({
        title: "Other Sessions Ended",
        description: `${sessionsEnded === 1 ? "1 other session was" : `${sessionsEnded} other sessions were`} signed out. You stay signed in here.`,
      });
    } catch (error) {
      toast({ title: "Session Error", description: errorMessageOf(error), variant: "destructive" });
    }
  };

  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <FullPageSpinner label="Loading sessions" />
        ) : sessions.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessageOf(sessions.error)}
          </p>
        ) : (
          <div className="grid gap-3">
            <p className="text-sm text-slate-600">
              Where you are signed in. A session ends after a while without use, and you sign in again.
            </p>
            <ul aria-label="Your sessions" className="divide-y divide-slate-100">
              {sessions.data.map((session) => (
                <SessionItem key={session.id} session={session} busy={busy} onEnd={() => void end(session)} />
              ))}
            </ul>
            {others > 0 ? (
              <div>
                <Button variant="outline" onClick={() => void endAllOthers()} disabled={busy}>
                  End All Other Sessions
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
