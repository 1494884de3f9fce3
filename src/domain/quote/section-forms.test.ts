import { describe, expect, it } from "vitest";
import { z } from "zod";
import { activitySplitFields } from "./activity-split";
import { contractsFields } from "./contracts";
import { declarationSchema } from "./declaration";
import { designLiabilityFields } from "./design-liability";
import {
  activitySplitDefaults,
  contractsDefaults,
  declarationDefaults,
  designLiabilityDefaults,
} from "./section-forms";

// The blank sections are written out without zod so a step's screen can start from them before its check
// arrives; they must stay exactly what the schemas' own defaults give.
describe("the sections a step starts from", () => {
  it("are the schemas' defaults", () => {
    expect(activitySplitDefaults()).toEqual(z.object(activitySplitFields).parse({}));
    expect(designLiabilityDefaults()).toEqual(z.object(designLiabilityFields).parse({}));
    expect(contractsDefaults()).toEqual(z.object(contractsFields).parse({}));
    expect(declarationDefaults()).toEqual(declarationSchema.parse({}));
  });
});
