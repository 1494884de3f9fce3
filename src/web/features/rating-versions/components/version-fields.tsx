import type { CreateRatingVersionRequest } from "@domain/rating/version";
import { Input, Textarea } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { type UseFormReturn, useWatch } from "react-hook-form";
import type { EditorValues } from "../editor-form";
import { ConfigSummary } from "./config-summary";

type EditorForm = UseFormReturn<EditorValues, unknown, CreateRatingVersionRequest>;

/** The version's details: name, effective dates and notes. */
export function VersionDetailsFields({ id, form, onEdit }: { id: string; form: EditorForm; onEdit: () => void }) {
  const field = (name: Exclude<keyof EditorValues, "testCases" | "json">) => form.register(name, { onChange: onEdit });
  return (
    <div className="grid gap-3 md:grid-cols-4">
      <div className="grid gap-1.5 md:col-span-2">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input id={`${id}-name`} {...field("name")} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-from`}>Effective From</Label>
        <Input id={`${id}-from`} type="date" {...field("effectiveFrom")} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-to`}>Effective To (optional)</Label>
        <Input id={`${id}-to`} type="date" {...field("effectiveTo")} />
      </div>
      <div className="grid gap-1.5 md:col-span-4">
        <Label htmlFor={`${id}-notes`}>Notes</Label>
        <Input id={`${id}-notes`} {...field("notes")} />
      </div>
    </div>
  );
}

/** The configuration as JSON beside its read-only summary (below it on narrower screens). */
export function ConfigFields({
  id,
  form,
  acceptedText,
  onEdit,
}: {
  id: string;
  form: EditorForm;
  /** The configuration text the server has accepted, if the editor opened on one. */
  acceptedText: string | null;
  onEdit: () => void;
}) {
  const text = useWatch({ control: form.control, name: "json" });
  return (
    <div className="grid gap-3 lg:grid-cols-[3fr_2fr]">
      <div className="grid min-w-0 content-start gap-1.5">
        <Label htmlFor={`${id}-json`}>Configuration (JSON)</Label>
        <Textarea
          id={`${id}-json`}
          spellCheck={false}
          rows={22}
          className="font-mono text-xs leading-5"
          {...form.register("json", { onChange: onEdit })}
        />
      </div>
      <div className="grid min-w-0 content-start gap-1.5">
        <p className="text-sm font-medium text-slate-800">Summary (read-only)</p>
        <ConfigSummary text={text} acceptedText={acceptedText} />
      </div>
    </div>
  );
}
