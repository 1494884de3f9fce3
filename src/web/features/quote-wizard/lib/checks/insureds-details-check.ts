import { insuredsDetailsSchemaOn } from "@domain/quote/insureds-details";
import { zodResolver } from "@hookform/resolvers/zod";

/** Step 1's check (the server's rules and the plausible dates on `today`): fetched when the broker starts on the form. */
export const insuredsDetailsResolver = (today: string) => zodResolver(insuredsDetailsSchemaOn(today));
