import { publicationConfirmation } from "@domain/rating/periods";
import type { RatingVersion } from "@domain/rating/version";
import { Button } from "@web/components/ui/button";
import { Card, CardHeader, CardTitle } from "@web/components/ui/card";
import { ConfirmDialog } from "@web/components/ui/dialog";
import { FullPageSpinner } from "@web/components/ui/spinner";
import { toast } from "@web/components/ui/toast-store";
import { paths } from "@web/config/paths";
import { errorMessageOf } from "@web/lib/api-client";
import { lazyScreen } from "@web/lib/lazy-screen";
import { useSingleFlight } from "@web/lib/single-flight";
import { Plus } from "lucide-react";
import { type ComponentProps, Suspense, useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { useRatingVersions } from "../api/get-rating-versions";
import { usePublishRatingVersion } from "../api/publish-rating-version";
import { NEW_VERSION } from "../editor-address";
import type { RatingVersionEditorScreen as Editor } from "./rating-version-editor-screen";
import { RatingVersionsTable } from "./rating-versions-table";

/**
 * The editor (its form, the rating engine and CEL for its summary and test runs) is its own chunk: the list of
 * versions shows without it. It is fetched when the address names a version, and when a pointer or focus comes
 * to the list, before Edit or New Version is pressed.
 */
const RatingVersionEditor = lazyScreen<ComponentProps<typeof Editor>>(() =>
  import("./rating-version-editor-screen").then((m) => ({ default: m.RatingVersionEditorScreen })),
);
const preloadEditor = () => {
  RatingVersionEditor.preload().catch(() => {
    // Offline for now: opening the editor asks again.
  });
};

export function RatingVersionsSection() {
  const versions = useRatingVersions();
  const publish = usePublishRatingVersion();
  const [, navigate] = useLocation();
  const search = useSearch();
  const editing = new URLSearchParams(search).get("version");
  useEffect(() => {
    if (editing) preloadEditor();
  }, [editing]);
  // A published version opened for editing becomes the template of a new draft (published ones never change).
  const [basedOn, setBasedOn] = useState<RatingVersion | undefined>(undefined);
  const [publishingId, setPublishingId] = useState<string | null>(null);
  // Publishing closes the current version's period and cannot be undone, so it is confirmed first.
  const [confirming, setConfirming] = useState<RatingVersion | null>(null);

  const openEditor = (target: string) => navigate(`${paths.admin.rating}?version=${encodeURIComponent(target)}`);
  const closeEditor = () => {
    setBasedOn(undefined);
    navigate(paths.admin.rating);
  };

  const publishFromTable = async (version: RatingVersion) => {
    setPublishingId(version.id);
    try {
      await publish.mutateAsync(version.id);
      toast({ title: "Version Published", description: "Rating version has been published and is now active" });
      setConfirming(null);
    } catch (error) {
      toast({ title: "Publish Error", description: errorMessageOf(error), variant: "destructive" });
    } finally {
      setPublishingId(null);
    }
  };

  // One click, one publication: a double click on the confirmation sends one request.
  const [publishOnce] = useSingleFlight(publishFromTable);

  if (versions.isPending) return <FullPageSpinner label="Loading rating versions" />;
  if (versions.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessageOf(versions.error)}
      </p>
    );
  }

  if (editing) {
    return (
      <Suspense fallback={<FullPageSpinner label="Loading the rating version editor" />}>
        <RatingVersionEditor
          key={editing}
          editing={editing}
          versions={versions.data}
          basedOn={basedOn}
          onClose={closeEditor}
          onSaved={(saved) => {
            setBasedOn(undefined);
            if (saved.id !== editing) openEditor(saved.id);
          }}
        />
      </Suspense>
    );
  }

  return (
    <Card onPointerEnter={preloadEditor} onFocus={preloadEditor}>
      <CardHeader>
        <CardTitle>Rating Versions</CardTitle>
        <Button size="sm" onClick={() => openEditor(NEW_VERSION)}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          New Version
        </Button>
      </CardHeader>
      <RatingVersionsTable
        versions={versions.data}
        publishingId={publishingId}
        onPublish={setConfirming}
        onEdit={(version) => {
          if (version.status === "PUBLISHED") {
            setBasedOn(version);
            openEditor(NEW_VERSION);
          } else {
            openEditor(version.id);
          }
        }}
      />
      {confirming ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setConfirming(null);
          }}
          title="Publish rating version"
          description={publicationConfirmation(versions.data, confirming)}
          confirmLabel="Publish version"
          busyLabel="Publishing..."
          busy={publishingId !== null}
          onConfirm={() => void publishOnce(confirming)}
        />
      ) : null}
    </Card>
  );
}
