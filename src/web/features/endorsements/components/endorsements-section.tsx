import type { Clause } from "@domain/underwriting/terms";
import { clauseEditSchema, newClauseSchema } from "@domain/underwriting/terms";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Input, Textarea } from "@web/components/ui/input";
import { FieldError, Label } from "@web/components/ui/label";
import { toast } from "@web/components/ui/toast-store";
import { useClauses, useCreateClause, useEditClause } from "@web/lib/api/terms";
import { errorMessageOf } from "@web/lib/api-client";
import { useSingleFlight } from "@web/lib/single-flight";
import { Pencil } from "lucide-react";
import { useState } from "react";

interface ClauseFields {
  code: string;
  title: string;
  wording: string;
}
const EMPTY: ClauseFields = { code: "", title: "", wording: "" };

function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

/** The clause's fields; `withCode` for a new clause (a clause's code never changes). */
function ClauseForm({
  idPrefix,
  initial,
  withCode,
  submitLabel,
  onSave,
  onCancel,
}: {
  idPrefix: string;
  initial: ClauseFields;
  withCode: boolean;
  submitLabel: string;
  onSave: (fields: ClauseFields) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [fields, setFields] = useState(initial);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [save, saving] = useSingleFlight(async () => {
    const parsed = withCode ? newClauseSchema.safeParse(fields) : clauseEditSchema.safeParse(fields);
    setIssues(issuesOf(parsed));
    if (!parsed.success) return;
    if (await onSave(fields)) setFields(initial);
  });
  const field = (name: keyof ClauseFields) => ({
    id: `${idPrefix}-${name}`,
    value: fields[name],
    "aria-invalid": Boolean(issues[name]),
    "aria-describedby": issues[name] ? `${idPrefix}-${name}-error` : undefined,
  });
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        {withCode ? (
          <div className="grid content-start gap-1">
            <Label htmlFor={`${idPrefix}-code`}>Code</Label>
            <Input
              {...field("code")}
              placeholder="ASB-EXCL"
              onChange={(event) => setFields({ ...fields, code: event.target.value.toUpperCase() })}
            />
            <FieldError id={`${idPrefix}-code-error`} message={issues.code} />
          </div>
        ) : null}
        <div className={withCode ? "grid content-start gap-1" : "grid content-start gap-1 sm:col-span-2"}>
          <Label htmlFor={`${idPrefix}-title`}>Title</Label>
          <Input {...field("title")} onChange={(event) => setFields({ ...fields, title: event.target.value })} />
          <FieldError id={`${idPrefix}-title-error`} message={issues.title} />
        </div>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${idPrefix}-wording`}>Wording</Label>
        <Textarea
          {...field("wording")}
          rows={4}
          onChange={(event) => setFields({ ...fields, wording: event.target.value })}
        />
        <FieldError id={`${idPrefix}-wording-error`} message={issues.wording} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function ClauseItem({ clause }: { clause: Clause }) {
  const [editing, setEditing] = useState(false);
  const edit = useEditClause();
  return (
    <li className="grid gap-2 rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          {clause.code} - {clause.title}
        </h3>
        <div className="flex items-center gap-2">
          <Badge tone="info">Version {clause.version}</Badge>
          {editing ? null : (
            <Button size="sm" variant="outline" aria-label={`Edit ${clause.code}`} onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="h-3.5 w-3.5" />
              Edit
            </Button>
          )}
        </div>
      </div>
      {editing ? (
        <ClauseForm
          idPrefix={`edit-${clause.code}`}
          initial={{ code: clause.code, title: clause.title, wording: clause.wording }}
          withCode={false}
          submitLabel="Save as a new version"
          onCancel={() => setEditing(false)}
          onSave={async ({ title, wording }) => {
            try {
              const saved = await edit.mutateAsync({ code: clause.code, body: { title, wording } });
              toast({ title: "Clause Saved", description: `${saved.code} is now at version ${saved.version}.` });
              setEditing(false);
              return true;
            } catch (error) {
              toast({ title: "Save Error", description: errorMessageOf(error), variant: "destructive" });
              return false;
            }
          }}
        />
      ) : (
        <p className="text-sm whitespace-pre-line text-slate-700">{clause.wording}</p>
      )}
    </li>
  );
}

/**
 * /admin/endorsements: the endorsement library (docs/product/screens.md). Editing a clause saves its next
 * version; quotes and policies keep the version they were given.
 */
export function EndorsementsSection() {
  const clauses = useClauses();
  const create = useCreateClause();
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Add Clause</CardTitle>
        </CardHeader>
        <CardContent>
          <ClauseForm
            idPrefix="new-clause"
            initial={EMPTY}
            withCode
            submitLabel="Add Clause"
            onSave={async (fields) => {
              try {
                const saved = await create.mutateAsync(fields);
                toast({ title: "Clause Added", description: `${saved.code} - ${saved.title}` });
                return true;
              } catch (error) {
                toast({ title: "Save Error", description: errorMessageOf(error), variant: "destructive" });
                return false;
              }
            }}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Clauses</CardTitle>
        </CardHeader>
        <CardContent>
          {clauses.isPending ? <p className="text-sm text-slate-600">Loading clauses...</p> : null}
          {clauses.isError ? <p role="alert">{errorMessageOf(clauses.error)}</p> : null}
          <ul className="grid gap-3">
            {(clauses.data ?? []).map((clause) => (
              <ClauseItem key={clause.code} clause={clause} />
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
