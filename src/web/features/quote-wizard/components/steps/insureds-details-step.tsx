import { COMPANY_SEARCH_DEBOUNCE_MS, COMPANY_SEARCH_MIN_CHARS } from "@domain/constants";
import { formatDateGb, todayInLondon } from "@domain/format/dates";
import { backdatedInceptionHit, backdatedInceptionWarning } from "@domain/quote/backdating";
import { INSUREDS_DETAILS_QUESTIONS, QUESTION_SECTIONS, wizardLabel } from "@domain/quote/catalogue";
import type { InsuredsDetails, InsuredsDetailsInput } from "@domain/quote/insureds-details";
import type { Quote } from "@domain/quote/quote";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Combobox } from "@web/components/ui/combobox";
import { DATE_HINT, DateInput } from "@web/components/ui/date-input";
import { Input, Textarea } from "@web/components/ui/input";
import { useDebouncedValue } from "@web/hooks/use-debounced-value";
import { errorMessageOf } from "@web/lib/api-client";
import { firstUseResolver } from "@web/lib/first-use-resolver";
import { onFirstUse, preload, useFirstUse } from "@web/lib/on-first-use";
import { useMemo, useState } from "react";
import { Controller, type UseFormReturn, useForm } from "react-hook-form";
import { useCreateQuote } from "../../api/create-quote";
import { getCompanyDirectorCount } from "../../api/get-company-officers";
import {
  type CompanySearchResult,
  DEMO_REGISTER_TEXT,
  formatCompanyAddress,
  useCompanySearch,
} from "../../api/search-companies";
import { useUpdateQuote } from "../../api/update-quote";
import { insuredsDetailsFormValues } from "../../lib/form-values";
import { describedBy, FormField, WholeNumberInput, YesNoQuestion, YesNoSwitch } from "../fields";
import { StepShell } from "../step-shell";
import { useStepSave } from "../use-step-save";
import { useWizard } from "../wizard-context";

const Q = INSUREDS_DETAILS_QUESTIONS;

/**
 * The business activity list (some 3 KB compressed) is fetched when the broker starts on the form (the company
 * search above it) or reaches the field, not with the step.
 */
const activitiesCode = onFirstUse(() => import("@domain/business-activities"));
const check = onFirstUse(() => import("../../lib/checks/insureds-details-check"));

export const COMPANY_NOT_FOUND_TEXT = "No company was found with that name in the public company register.";

function CompanyOption({ company }: { company: CompanySearchResult }) {
  return (
    <div className="grid gap-0.5">
      <span className="font-medium">{company.title}</span>
      <span className="text-xs text-slate-600">
        {company.company_number}
        {company.company_status ? ` · ${company.company_status}` : ""}
      </span>
      <span className="text-xs text-slate-600">{formatCompanyAddress(company.address)}</span>
    </div>
  );
}

/** Step 1 is stored both flat on the quote and nested as insuredsDetails (docs/product/permissions.md). */
function flatDetails(details: InsuredsDetails) {
  const { businessActivity: _nestedOnly, ...flat } = details;
  return { ...flat, insuredsDetails: details };
}

export function InsuredsDetailsStep() {
  const { quote, readOnly, onQuoteCreated } = useWizard();
  const today = useMemo(() => todayInLondon(new Date()), []);
  const form = useForm<InsuredsDetailsInput, unknown, InsuredsDetails>({
    resolver: useMemo(() => firstUseResolver(check, (loaded) => loaded.insuredsDetailsResolver(today)), [today]),
    defaultValues: { ...insuredsDetailsFormValues(quote, today), incorporationDate: quote?.incorporationDate ?? null },
  });
  const { errors } = form.formState;
  const create = useCreateQuote();
  const update = useUpdateQuote();

  // An existing quote's name was chosen already: searching it again would only get in the way.
  const [companySelected, setCompanySelected] = useState(quote !== undefined);
  // The sole-trader answer is stored with the quote: a sole trader has no incorporation date to give.
  const soleTrader = form.watch("isSoleTrader") ?? false;
  const setSoleTrader = (answer: boolean) => form.setValue("isSoleTrader", answer, { shouldDirty: true });
  // Directors are copied into qualified staff until the broker types a staff figure (docs/product/life-cycle.md).
  const [staffEdited, setStaffEdited] = useState(quote !== undefined);

  const proposerName = form.watch("proposerName") ?? "";
  const searchText = useDebouncedValue(proposerName, COMPANY_SEARCH_DEBOUNCE_MS);
  const searchAllowed = !companySelected && !soleTrader;
  const companies = useCompanySearch(searchText, searchAllowed);
  const searched = searchAllowed && searchText.trim().length >= COMPANY_SEARCH_MIN_CHARS;
  const nothingFound = searched && companies.isSuccess && companies.data.items.length === 0;
  const searching = searched && companies.isFetching;

  const businessActivity = form.watch("businessActivity") ?? "";
  const [activityUsed, setActivityUsed] = useState(false);
  const activities = useFirstUse(activitiesCode, activityUsed);
  const activityOptions = useMemo(
    () => activities?.searchBusinessActivities(businessActivity) ?? [],
    [activities, businessActivity],
  );
  const hasFinancialInterest = form.watch("hasFinancialInterest") ?? false;
  // Step 1 warns with the domain's default number of days; the server refers with the rating version's own.
  const inceptionDate = form.watch("inceptionDate");
  const backdated =
    typeof inceptionDate === "string" && /^\d{4}-\d{2}-\d{2}$/.test(inceptionDate)
      ? backdatedInceptionHit(inceptionDate, today) !== null
      : false;

  const setDirectors = (directors: number | undefined) => {
    form.setValue("numberOfDirectors", directors as number, { shouldDirty: true });
    if (!staffEdited && directors !== undefined && Number.isFinite(directors)) {
      form.setValue("numberOfQualifiedStaff", directors, { shouldDirty: true });
    }
  };

  const chooseCompany = async (company: CompanySearchResult) => {
    setCompanySelected(true);
    form.setValue("proposerName", company.title, { shouldDirty: true, shouldValidate: true });
    const address = formatCompanyAddress(company.address);
    if (address) form.setValue("businessAddress", address, { shouldDirty: true, shouldValidate: true });
    if (company.date_of_creation) form.setValue("incorporationDate", company.date_of_creation, { shouldDirty: true });
    try {
      const directors = await getCompanyDirectorCount(company.company_number);
      if (directors >= 1) setDirectors(directors);
    } catch (error) {
      // docs/product/errors.md: an officer lookup failure is only logged; the broker enters the count by hand.
      console.warn(`Officer lookup failed for ${company.company_number}: ${errorMessageOf(error)}`);
    }
  };

  const { saving } = useStepSave({
    form,
    stored: quote !== undefined,
    write: (details) => {
      if (!quote) return create.mutateAsync(details);
      return update.mutateAsync({ id: quote.id, body: { ...flatDetails(details), expectedVersion: quote.version } });
    },
    edit: (details) => (quote ? (flatDetails(details) as Partial<Quote>) : {}),
    savedToast: (saved) =>
      quote
        ? { title: "Insureds Details Saved", description: `Quote ${saved.reference} updated` }
        : { title: "Quote Created", description: `Reference ${saved.reference}` },
    failureText: errorMessageOf,
    afterSave: async (saved) => {
      if (!quote) onQuoteCreated(saved);
    },
  });

  const proposerField = form.register("proposerName");

  return (
    <StepShell
      next={2}
      continueLabel={`Continue to ${QUESTION_SECTIONS.financialOverview.title}`}
      busy={saving}
      busyLabel={quote ? "Saving..." : "Creating..."}
      check={check}
    >
      <Card>
        <CardHeader>
          <CardTitle>{QUESTION_SECTIONS.insuredsDetails.title}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <FormField id="proposerName" label={wizardLabel(Q.proposerName)} error={errors.proposerName?.message}>
            <Combobox<CompanySearchResult>
              id="proposerName"
              name={proposerField.name}
              inputRef={proposerField.ref}
              value={proposerName}
              placeholder={Q.proposerName.placeholder}
              onInputChange={(text) => {
                setCompanySelected(false);
                form.setValue("proposerName", text, { shouldDirty: true });
              }}
              onSelect={(company) => void chooseCompany(company)}
              onFocus={() => preload(activitiesCode)}
              items={searched && !searching ? (companies.data?.items ?? []) : []}
              itemKey={(company) => company.company_number}
              itemText={(company) => company.title}
              renderItem={(company) => <CompanyOption company={company} />}
              enabled={searched}
              loading={searching}
              loadingText="Searching companies..."
              footer={companies.data?.register === "demo" ? DEMO_REGISTER_TEXT : undefined}
              disabled={readOnly}
              {...describedBy("proposerName", errors.proposerName?.message)}
            />
            {searching ? (
              <p role="status" className="text-xs text-slate-600">
                Searching companies...
              </p>
            ) : null}
          </FormField>
          <FormField id="tradingName" label={wizardLabel(Q.tradingName)} error={errors.tradingName?.message}>
            <Input id="tradingName" {...form.register("tradingName")} />
          </FormField>
          {nothingFound || soleTrader ? (
            <div className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 md:col-span-2">
              {nothingFound ? <p className="text-sm text-amber-900">{COMPANY_NOT_FOUND_TEXT}</p> : null}
              <div className="flex items-center justify-between gap-4">
                <label htmlFor="soleTrader" className="text-sm font-medium text-slate-900">
                  {wizardLabel(Q.isSoleTrader)}
                </label>
                <YesNoSwitch
                  id="soleTrader"
                  label={wizardLabel(Q.isSoleTrader)}
                  checked={soleTrader}
                  onCheckedChange={setSoleTrader}
                />
              </div>
            </div>
          ) : null}
          <FormField
            id="businessActivity"
            label={wizardLabel(Q.businessActivity)}
            error={errors.businessActivity?.message}
            className="md:col-span-2"
          >
            <Controller
              control={form.control}
              name="businessActivity"
              render={({ field }) => (
                <Combobox<string>
                  id="businessActivity"
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value ?? ""}
                  placeholder={Q.businessActivity.placeholder}
                  onInputChange={field.onChange}
                  onSelect={(title) => field.onChange(title)}
                  onFocus={() => setActivityUsed(true)}
                  onBlur={field.onBlur}
                  items={activityOptions}
                  loading={activityUsed && !activities}
                  itemKey={(title) => title}
                  itemText={(title) => title}
                  emptyText="No business activity found."
                  disabled={readOnly}
                  {...describedBy("businessActivity", errors.businessActivity?.message)}
                />
              )}
            />
          </FormField>
          <FormField
            id="businessAddress"
            label={wizardLabel(Q.businessAddress)}
            error={errors.businessAddress?.message}
            className="md:col-span-2"
          >
            <Textarea
              id="businessAddress"
              rows={2}
              {...form.register("businessAddress")}
              {...describedBy("businessAddress", errors.businessAddress?.message)}
            />
          </FormField>
          {soleTrader ? (
            <FormField
              id="tradingSince"
              label={wizardLabel(Q.tradingSince)}
              error={errors.tradingSince?.message}
              hint={DATE_HINT}
              hintId="tradingSince-hint"
            >
              <DateField form={form} name="tradingSince" error={errors.tradingSince?.message} disabled={readOnly} />
            </FormField>
          ) : (
            <FormField
              id="incorporationDate"
              label={wizardLabel(Q.incorporationDate)}
              error={errors.incorporationDate?.message}
              hint={
                quote?.incorporationDate
                  ? `${DATE_HINT}. Registered ${formatDateGb(quote.incorporationDate)}`
                  : DATE_HINT
              }
              hintId="incorporationDate-hint"
            >
              <DateField
                form={form}
                name="incorporationDate"
                error={errors.incorporationDate?.message}
                disabled={readOnly}
              />
            </FormField>
          )}
          <FormField
            id="inceptionDate"
            label={wizardLabel(Q.inceptionDate)}
            error={errors.inceptionDate?.message}
            hint={
              backdated ? (
                <>
                  {DATE_HINT}
                  <span className="mt-1 block font-medium text-amber-800" data-testid="inception-backdated">
                    {backdatedInceptionWarning()}
                  </span>
                </>
              ) : (
                DATE_HINT
              )
            }
            hintId="inceptionDate-hint"
          >
            <DateField form={form} name="inceptionDate" error={errors.inceptionDate?.message} disabled={readOnly} />
          </FormField>
          <FormField
            id="numberOfDirectors"
            label={wizardLabel(Q.numberOfDirectors)}
            error={errors.numberOfDirectors?.message}
          >
            <Controller
              control={form.control}
              name="numberOfDirectors"
              render={({ field }) => (
                <WholeNumberInput
                  id="numberOfDirectors"
                  min={1}
                  name={field.name}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  value={field.value}
                  onChange={setDirectors}
                  error={errors.numberOfDirectors?.message}
                />
              )}
            />
          </FormField>
          <FormField
            id="numberOfQualifiedStaff"
            label={wizardLabel(Q.numberOfQualifiedStaff)}
            error={errors.numberOfQualifiedStaff?.message}
          >
            <Controller
              control={form.control}
              name="numberOfQualifiedStaff"
              render={({ field }) => (
                <WholeNumberInput
                  id="numberOfQualifiedStaff"
                  min={0}
                  name={field.name}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  value={field.value}
                  onChange={(staff) => {
                    setStaffEdited(true);
                    field.onChange(staff);
                  }}
                  error={errors.numberOfQualifiedStaff?.message}
                />
              )}
            />
          </FormField>
          <div className="md:col-span-2">
            <Controller
              control={form.control}
              name="hasFinancialInterest"
              render={({ field }) => (
                <YesNoQuestion
                  id="hasFinancialInterest"
                  question={wizardLabel(Q.hasFinancialInterest)}
                  checked={field.value ?? false}
                  disabled={readOnly}
                  onCheckedChange={(checked) => {
                    field.onChange(checked);
                    // Turning the switch off clears its details (docs/product/life-cycle.md).
                    if (!checked) form.setValue("financialInterestDetails", "", { shouldValidate: true });
                  }}
                />
              )}
            />
            {hasFinancialInterest ? (
              <FormField
                id="financialInterestDetails"
                label={wizardLabel(Q.financialInterestDetails)}
                error={errors.financialInterestDetails?.message}
              >
                <Textarea
                  id="financialInterestDetails"
                  rows={3}
                  {...form.register("financialInterestDetails")}
                  {...describedBy("financialInterestDetails", errors.financialInterestDetails?.message)}
                />
              </FormField>
            ) : null}
          </div>
        </CardContent>
      </Card>
    </StepShell>
  );
}

type DateFieldName = "inceptionDate" | "incorporationDate" | "tradingSince";

/** A step-1 date: typed as the broker writes it, kept as the API's YYYY-MM-DD, checked by the step's schema. */
function DateField({
  form,
  name,
  error,
  disabled,
}: {
  form: UseFormReturn<InsuredsDetailsInput, unknown, InsuredsDetails>;
  name: DateFieldName;
  error: string | undefined;
  disabled: boolean;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <DateInput
          id={name}
          name={field.name}
          inputRef={field.ref}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          disabled={disabled}
          {...describedBy(name, error, `${name}-hint`)}
        />
      )}
    />
  );
}
