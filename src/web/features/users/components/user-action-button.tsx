import { Button } from "@web/components/ui/button";
import type { LucideIcon } from "lucide-react";

/**
 * One of a user's controls: named in words on a card, where a finger needs them; an icon in the table, named by its
 * tooltip and to a screen reader, so a row's four controls fit beside its firm and authority at a desktop's width.
 */
export function UserActionButton({
  label,
  text,
  icon: Icon,
  onClick,
  onCard,
}: {
  /** What a screen reader announces, naming the user ("Send reset link to Ben Broker"). */
  label: string;
  text: string;
  icon: LucideIcon;
  onClick: () => void;
  onCard: boolean;
}) {
  return (
    <Button
      variant="outline"
      size={onCard ? "sm" : "icon"}
      aria-label={label}
      title={onCard ? undefined : text}
      onClick={onClick}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      {onCard ? text : null}
    </Button>
  );
}
