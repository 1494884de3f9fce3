import type { RatingVersion } from "@domain/rating/version";
import { toast } from "@web/components/ui/toast-store";
import { ApiError, errorMessageOf } from "@web/lib/api-client";
import { useState } from "react";
import { usePublishRatingVersion } from "../api/publish-rating-version";

/**
 * Publish: only the saved draft is ever published, so Publish waits until every change is saved; it is
 * confirmed first, and a refusal stays on the editor with its reason ('Not published: ...').
 */
export function usePublishVersion({
  editing,
  dirty,
  onRefusedByCases,
  onPublished,
}: {
  editing: RatingVersion | null;
  dirty: boolean;
  /** The server found failing test cases: they are run here too, so each says why. */
  onRefusedByCases: () => void;
  onPublished: () => void;
}) {
  const publishVersion = usePublishRatingVersion();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canPublish = editing?.status === "DRAFT" && !dirty;

  const publish = async () => {
    if (!editing || dirty) return;
    try {
      await publishVersion.mutateAsync(editing.id);
      toast({ title: "Version Published", description: "Rating version has been published and is now active" });
      setConfirming(false);
      onPublished();
    } catch (failure) {
      setConfirming(false);
      setError(errorMessageOf(failure));
      if (failure instanceof ApiError && failure.code === "RATING_TEST_CASES_FAILING") onRefusedByCases();
      toast({ title: "Publish Error", description: errorMessageOf(failure), variant: "destructive" });
    }
  };

  return {
    canPublish,
    confirming,
    setConfirming,
    error,
    clearError: () => setError(null),
    publish,
    publishing: publishVersion.isPending,
  };
}
