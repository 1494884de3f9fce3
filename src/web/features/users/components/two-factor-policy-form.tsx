import { ROLE_LABELS, ROLES, type Role } from "@domain/auth/schemas";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Checkbox } from "@web/components/ui/checkbox";
import { toast } from "@web/components/ui/toast-store";
import { errorMessageOf } from "@web/lib/api-client";
import { type FormEvent, useEffect, useState } from "react";
import { useSetTwoFactorPolicy, useTwoFactorPolicy } from "../api/two-factor-policy";

/**
 * User Management's choice of the roles that must sign in with a second factor (docs/product/screens.md): applies
 * from each user's next sign-in; a user of a ticked role who has not set one up is taken to enrolment.
 */
export function TwoFactorPolicyForm() {
  const policy = useTwoFactorPolicy();
  const save = useSetTwoFactorPolicy();
  const [roles, setRoles] = useState<Role[]>([]);
  useEffect(() => {
    if (policy.data) setRoles(policy.data.requiredRoles);
  }, [policy.data]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await save.mutateAsync(roles);
      toast({ title: "Two-Factor Sign-In", description: "Saved. It applies from each user's next sign-in." });
    } catch (error) {
      toast({ title: "Not Saved", description: errorMessageOf(error), variant: "destructive" });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor sign-in</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void onSubmit(event)} className="grid gap-3">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm text-slate-700">Roles that must sign in with an authenticator code</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {ROLES.map((role) => (
                <label
                  key={role}
                  htmlFor={`two-factor-role-${role}`}
                  className="flex items-center gap-2 text-sm text-slate-900"
                >
                  <Checkbox
                    id={`two-factor-role-${role}`}
                    checked={roles.includes(role)}
                    disabled={!policy.data}
                    onCheckedChange={(checked) =>
                      setRoles((shown) =>
                        checked === true
                          ? ROLES.filter((r) => r === role || shown.includes(r))
                          : shown.filter((r) => r !== role),
                      )
                    }
                  />
                  {ROLE_LABELS[role]}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <Button type="submit" variant="outline" disabled={!policy.data || save.isPending}>
              {save.isPending ? "Saving..." : "Save"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
