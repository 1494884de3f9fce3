import { designLiabilitySchema } from "@domain/quote/design-liability";
import { zodResolver } from "@hookform/resolvers/zod";

/** Step 3's check: fetched when the broker starts on the form. */
export const designLiabilityResolver = () => zodResolver(designLiabilitySchema);
