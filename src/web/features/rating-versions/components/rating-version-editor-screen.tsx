import { ratingConfigText } from "@domain/rating/config-text";
import type { RatingVersion } from "@domain/rating/version";
import { FullPageSpinner } from "@web/components/ui/spinner";
import { onFirstUse, useFirstUse } from "@web/lib/on-first-use";
import type { ComponentProps } from "react";
import { NEW_VERSION } from "../editor-address";
import type { EditorSeed } from "../editor-form";
import { RatingVersionEditor } from "./rating-version-editor";

/**
 * The configuration a new version starts from when none is published yet: the product's own, fetched only then
 * (with the question catalogue it reads), as the versions list almost always has a published one.
 */
const builtInConfigCode = onFirstUse(() => import("@domain/rating/configs/dc-pi"));

function templateOf(versions: readonly RatingVersion[], basedOn?: RatingVersion): RatingVersion | undefined {
  return basedOn ?? versions.find((version) => version.status === "PUBLISHED");
}

/** The newest published configuration is the natural starting point for the next version. */
function newVersionSeed(
  template: RatingVersion | undefined,
  basedOn: RatingVersion | undefined,
  builtInConfig: Record<string, unknown>,
): EditorSeed {
  return {
    version: null,
    name: basedOn ? `${basedOn.name} (revised)` : "",
    notes: basedOn ? `Based on ${basedOn.name}` : "",
    effectiveFrom: "",
    effectiveTo: "",
    configText: template?.configText ?? ratingConfigText(builtInConfig),
    configSaved: template !== undefined,
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
    configSaved: true,
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
  const isNew = editing === NEW_VERSION || !existing;
  const template = isNew ? templateOf(versions, basedOn) : undefined;
  const builtIn = useFirstUse(builtInConfigCode, isNew && !template);
  if (!isNew) return <RatingVersionEditor seed={draftSeed(existing)} {...props} />;
  if (!template && !builtIn) return <FullPageSpinner label="Loading the configuration" />;
  const builtInConfig = (builtIn?.DC_PI_RATING_CONFIG ?? {}) as Record<string, unknown>;
  return <RatingVersionEditor seed={newVersionSeed(template, basedOn, builtInConfig)} {...props} />;
}
