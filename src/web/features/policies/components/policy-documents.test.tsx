// @vitest-environment jsdom

import type { PolicyView } from "@domain/quote/policy-schema";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PolicyDocuments } from "./policy-documents";

afterEach(cleanup);

const policyUrl = "/api/policies/DCPI%2FPOL%2F000042";

describe("the policy's documents", () => {
  it("lists every document the policy names, in its order, each endorsement by its number", () => {
    const policy = {
      policyNumber: "DCPI/POL/000042",
      quoteId: "q-1",
      reference: "DCPI-000042",
      insured: { proposerName: "Acme Build Ltd" },
      documents: [
        { type: "statementOfFact", method: "POST", href: "/api/quotes/q-1/statement-of-fact" },
        { type: "policySchedule", method: "POST", href: "/api/quotes/q-1/policy-schedule" },
        { type: "dcPolicyWording", method: "GET", href: "/api/documents/dc-wording?download=true" },
        { type: "endorsement", endorsement: 1, method: "POST", href: `${policyUrl}/endorsements/1` },
        { type: "endorsement", endorsement: 2, method: "POST", href: `${policyUrl}/endorsements/2` },
        { type: "cancellationNotice", method: "POST", href: `${policyUrl}/cancellation-notice` },
      ],
    } as unknown as PolicyView;
    render(<PolicyDocuments policy={policy} />);
    expect(screen.getAllByRole("button").map((button) => button.getAttribute("aria-label"))).toEqual([
      "Download Statement of Fact for DCPI/POL/000042",
      "Download Policy Schedule for DCPI/POL/000042",
      "Download D&C Policy Wording for DCPI/POL/000042",
      "Download Endorsement No. 1 for DCPI/POL/000042",
      "Download Endorsement No. 2 for DCPI/POL/000042",
      "Download Cancellation notice for DCPI/POL/000042",
    ]);
  });
});
