import type { ImpactJob } from "@domain/rating/impact";
import { impactHeadline } from "@domain/rating/impact-headline";
import { publicationConfirmation } from "@domain/rating/periods";
import type { RatingVersion } from "@domain/rating/version";
import { ConfirmDialog } from "@web/components/ui/dialog";

/**
 * Publishing closes the current version's period and cannot be undone, so it is confirmed first, with the
 * headline of the impact analysis run for this draft in this screen.
 */
export function PublishConfirmation({
  version,
  versions,
  impactJob,
  open,
  onOpenChange,
  busy,
  onConfirm,
}: {
  version: RatingVersion;
  versions: readonly RatingVersion[];
  impactJob: ImpactJob | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Publish rating version"
      description={[
        publicationConfirmation(versions, {
          name: version.name,
          productCode: version.productCode,
          effectiveFrom: version.effectiveFrom,
          effectiveTo: version.effectiveTo,
        }),
        impactJob?.status === "completed" && impactJob.report
          ? `Impact analysis: ${impactHeadline(impactJob.report)}`
          : "No impact analysis was run for this draft.",
      ].join(" ")}
      confirmLabel="Publish version"
      busyLabel="Publishing..."
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}
