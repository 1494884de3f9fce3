import { DC_PI_RATING_CONFIG } from "@domain/rating/configs/dc-pi";
import { type RatingVersion, ratingConfigText } from "@domain/rating/version";
import type { ComponentProps } from "react";
import { NEW_VERSION } from "../editor-address";
import type { EditorSeed } from "../editor-form";
import { RatingVersionEditor } from "./rating-version-editor";

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

/**
 * The editor for the version the address names (or a new one), with what it starts from: the versions list's
 * chunk loads this one when an editor opens.
 */
export function RatingVersionEditorScreen({
  editing,
  versions,
  basedOn,
  ...props
}: {
  editing: string;
  versions: readonly RatingVersion[];
  /** A published version opened for editing: the template of the new draft. */
  basedOn: RatingVersion | undefined;
} & Omit<ComponentProps<typeof RatingVersionEditor>, "seed">) {
  const existing = versions.find((version) => version.id === editing);
  const seed = editing === NEW_VERSION || !existing ? newVersionSeed(versions, basedOn) : draftSeed(existing);
  return <RatingVersionEditor seed={seed} {...props} />;
}
