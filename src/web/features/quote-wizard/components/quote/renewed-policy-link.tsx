import type { RenewedPolicy } from "@domain/quote/quote";
import { paths } from "@web/config/paths";
import { Link } from "wouter";

/** The policy a renewal renews, by its number, linking to the policy screen; a policy without a number by reference. */
export function RenewedPolicyLink({ renewed }: { renewed: Pick<RenewedPolicy, "policyNumber" | "reference"> }) {
  if (!renewed.policyNumber) return <>{renewed.reference}</>;
  return (
    <Link className="font-mono underline" href={paths.policy(renewed.policyNumber)}>
      {renewed.policyNumber}
    </Link>
  );
}
