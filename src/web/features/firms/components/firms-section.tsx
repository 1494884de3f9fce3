import { type Firm, type FirmInput, firmInputSchema } from "@domain/firms/firm";
import { AddRecordForm, RecordTextField } from "@web/components/records/add-record-form";
import { DeleteRecordButton, RecordsCard } from "@web/components/records/records-card";
import {
  CardList,
  CardListActions,
  CardListField,
  CardListFields,
  CardListHeader,
  CardListItem,
} from "@web/components/ui/card-list";
import { ConfirmDialog } from "@web/components/ui/dialog";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@web/components/ui/table";
import { toast } from "@web/components/ui/toast-store";
import { useCreateFirm, useDeleteFirm, useFirms } from "@web/lib/api/firms";
import { ApiError, errorMessageOf } from "@web/lib/api-client";
import { useSingleFlight } from "@web/lib/single-flight";
import { Building2 } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";

interface FirmForm {
  name: string;
  fcaReference: string;
  address: string;
  commissionRatePercent: string;
}
const EMPTY_FORM: FirmForm = { name: "", fcaReference: "", address: "", commissionRatePercent: "" };
const FIELDS = ["name", "fcaReference", "address", "commissionRatePercent"] as const;

function AddFirmForm() {
  const createFirm = useCreateFirm();
  const form = useForm<FirmForm>({ defaultValues: EMPTY_FORM });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control });
  const complete = FIELDS.every((field) => String(values[field] ?? "").trim() !== "");

  const [submit, submitting] = useSingleFlight(
    form.handleSubmit(async (raw) => {
      const text = raw.commissionRatePercent.trim();
      // The commission is typed as text; the domain's schema judges the number it reads as.
      const parsed = firmInputSchema.safeParse({
        ...raw,
        commissionRatePercent: text === "" ? Number.NaN : Number(text),
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] as keyof FirmForm;
          form.setError(field, { message: issue.message }, { shouldFocus: true });
        }
        return;
      }
      try {
        const firm = await createFirm.mutateAsync(parsed.data satisfies FirmInput);
        toast({ title: "Firm Created", description: `${firm.name} can now be given brokers.` });
        form.reset(EMPTY_FORM);
      } catch (error) {
        const issues = error instanceof ApiError ? error.issues : [];
        for (const issue of issues) {
          if ((FIELDS as readonly string[]).includes(issue.path)) {
            form.setError(issue.path as keyof FirmForm, { message: issue.message });
          }
        }
        if (issues.length === 0) {
          toast({ title: "Creation Error", description: errorMessageOf(error), variant: "destructive" });
        }
      }
    }),
  );

  const field = (
    name: keyof FirmForm,
    label: string,
    extra: { inputMode?: "numeric" | "decimal"; hint?: string } = {},
  ) => (
    <RecordTextField
      id={`new-firm-${name}`}
      label={label}
      error={errors[name]?.message}
      hint={extra.hint}
      inputMode={extra.inputMode}
      {...form.register(name)}
    />
  );

  return (
    <AddRecordForm
      title="Add Firm"
      gridClassName="grid gap-3 md:grid-cols-2 lg:grid-cols-[1fr_10rem_1.4fr_9rem_auto] lg:items-start"
      onSubmit={() => void submit()}
      submitLabel="Add Firm"
      busyLabel="Adding..."
      icon={<Building2 aria-hidden="true" className="h-4 w-4" />}
      busy={submitting}
      complete={complete}
    >
      {field("name", "Firm Name")}
      {field("fcaReference", "FCA Firm Reference", { inputMode: "numeric", hint: "6 or 7 digits" })}
      {field("address", "Address")}
      {field("commissionRatePercent", "Commission (%)", { inputMode: "decimal", hint: "0 to 40" })}
    </AddRecordForm>
  );
}

const percent = (firm: Firm) => `${firm.commissionRatePercent.toFixed(2)}%`;

function DeleteFirmButton({
  firm,
  onDelete,
  onCard,
}: {
  firm: Firm;
  onDelete: (firm: Firm) => void;
  onCard?: boolean;
}) {
  return <DeleteRecordButton label={`Delete firm ${firm.name}`} onDelete={() => onDelete(firm)} onCard={onCard} />;
}

interface FirmListProps {
  firms: readonly Firm[];
  onDelete: (firm: Firm) => void;
}

function FirmCards({ firms, onDelete }: FirmListProps) {
  return (
    <CardList label="Firms">
      {firms.map((firm) => (
        <CardListItem key={firm.id} data-testid="firm-row">
          <CardListHeader figure={percent(firm)} figureLabel="Commission">
            <div className="font-medium text-slate-900">{firm.name}</div>
            <div className="text-sm text-slate-700">FRN {firm.fcaReference}</div>
          </CardListHeader>
          <CardListFields>
            <CardListField label="Address">{firm.address}</CardListField>
            <CardListField label="Brokers">{firm.brokerCount}</CardListField>
          </CardListFields>
          <CardListActions>
            <DeleteFirmButton firm={firm} onDelete={onDelete} onCard />
          </CardListActions>
        </CardListItem>
      ))}
    </CardList>
  );
}

function FirmsTable({ firms, onDelete }: FirmListProps) {
  return (
    <Table>
      <TableHead>
        <tr>
          <TableHeaderCell>Name</TableHeaderCell>
          <TableHeaderCell>FCA Reference</TableHeaderCell>
          <TableHeaderCell>Address</TableHeaderCell>
          <TableHeaderCell className="text-right">Commission</TableHeaderCell>
          <TableHeaderCell className="text-right">Brokers</TableHeaderCell>
          <TableHeaderCell>
            <span className="sr-only">Actions</span>
          </TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {firms.map((firm) => (
          <TableRow key={firm.id} data-testid="firm-row">
            <TableCell className="font-medium text-slate-900">{firm.name}</TableCell>
            <TableCell className="tabular-nums">{firm.fcaReference}</TableCell>
            <TableCell>{firm.address}</TableCell>
            <TableCell className="text-right tabular-nums">{percent(firm)}</TableCell>
            <TableCell className="text-right tabular-nums">{firm.brokerCount}</TableCell>
            <TableCell className="text-right">
              <DeleteFirmButton firm={firm} onDelete={onDelete} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** /admin/firms: the broker firms (docs/product/firms.md), a form to add one above the list. */
export function FirmsSection() {
  const firms = useFirms();
  const deleteFirm = useDeleteFirm();
  const [pending, setPending] = useState<Firm | null>(null);

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      await deleteFirm.mutateAsync(pending.id);
      toast({ title: "Firm Deleted", description: `${pending.name} has been removed.` });
    } catch (error) {
      toast({ title: "Delete Error", description: errorMessageOf(error), variant: "destructive" });
    }
    setPending(null);
  };

  return (
    <div className="grid gap-4">
      <AddFirmForm />
      <RecordsCard
        title="Firms"
        records={firms}
        loadingLabel="Loading firms"
        empty="No firms yet"
        after={
          <ConfirmDialog
            open={pending !== null}
            onOpenChange={(open) => {
              if (!open) setPending(null);
            }}
            title="Delete firm"
            description={`Are you sure you want to delete the firm "${pending?.name ?? ""}"? A firm with brokers or quotes is kept.`}
            confirmLabel="Delete"
            busyLabel="Deleting..."
            busy={deleteFirm.isPending}
            onConfirm={confirmDelete}
          />
        }
        table={(list) => <FirmsTable firms={list} onDelete={setPending} />}
        cards={(list) => <FirmCards firms={list} onDelete={setPending} />}
      />
    </div>
  );
}
