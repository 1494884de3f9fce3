import { DC_PI_RATING_CONFIG } from "@domain/rating/configs/dc-pi";
import { publicationConfirmation, type RatingVersion, ratingConfigText } from "@domain/rating/version";
import { Button } from "@web/components/ui/button";
import { Card, CardHeader, CardTitle } from "@web/components/ui/card";
import { ConfirmDialog } from "@web/components/ui/dialog";
import { FullPageSpinner } from "@web/components/ui/spinner";
import { toast } from "@web/components/ui/toast-store";
import { paths } from "@web/config/paths";
import { errorMessageOf } from "@web/lib/api-client";
import { useSingleFlight } from "@web/lib/single-flight";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useLocation, useSearch } from "wouter";
import { useRatingVersions } from "../api/get-rating-versions";
import { usePublishRatingVersion } from "../api/publish-rating-version";
import type { EditorSeed } from "../editor-form";
import { RatingVersionEditor } from "./rating-version-editor";
import { RatingVersionsTable } from "./rating-versions-table";

const NEW_VERSION = "new";

/** The newest published configuration is the natural starting point for the next version. */
function newVersionSeed(versions: readonly RatingVersion[], basedOn?: RatingVersion): EditorSeed {
  const template = basedOn ?? versions.find((version) => version.status === "PUBLISHED");
  return {
    version: null,
    name: basedOn ? `${basedOn.name} (revised)` : "",
    notes: basedOn ? `Based on ${basedOn.name}` : "",
    effectiveFrom: "",
    effectiveTo: "",
    configText: template?.configText ?? ratingConfigText(DC_PI_RATING_CONFIG),
    // A version copied from another keeps its test cases: they describe what the copy must still rate.
    testCases: template?.testCases ?? [],
  };
}

function draftSeed(version: RatingVersion): EditorSeed {
  return {
    version,
    name: version.name,
    notes: version.notes ?? "",
    effectiveFrom: version.effectiveFrom,
    effectiveTo: version.effectiveTo ?? "",
    configText: version.configText,
    testCases: version.testCases,
  };
}

export function RatingVersionsSection() {
  const versions = useRatingVersions();
  const publish = usePublishRatingVersion();
  const [, navigate] = useLocation();
  const search = useSearch();
  const editing = new URLSearchParams(search).get("version");
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
    const existing = versions.data.find((version) => version.id === editing);
    const seed = editing === NEW_VERSION || !existing ? newVersionSeed(versions.data, basedOn) : draftSeed(existing);
    return (
      <RatingVersionEditor
        key={editing}
        seed={seed}
        onClose={closeEditor}
        onSaved={(saved) => {
          setBasedOn(undefined);
          if (saved.id !== editing) openEditor(saved.id);
        }}
      />
    );
  }

  return (
    <Card>
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
