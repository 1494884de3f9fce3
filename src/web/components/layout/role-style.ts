import type { Role } from "@domain/auth/schemas";
import type { BadgeTone } from "../ui/badge";

/** One colour per role, shared by the top bar's initials and the user table's role badges. */
export const ROLE_INITIALS_CLASS: Record<Role, string> = {
  ADMIN: "bg-violet-700 text-white",
  UNDERWRITER: "bg-amber-800 text-white",
  BROKER: "bg-blue-800 text-white",
};

export const ROLE_BADGE_TONE: Record<Role, BadgeTone> = {
  ADMIN: "violet",
  UNDERWRITER: "warning",
  BROKER: "info",
};
