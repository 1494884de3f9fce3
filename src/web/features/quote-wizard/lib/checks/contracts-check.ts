import { contractsSchemaOn } from "@domain/quote/contracts";
import { zodResolver } from "@hookform/resolvers/zod";

/** Step 5's check (the server's rules and the plausible start dates on `today`): fetched when the broker starts on the form. */
export const contractsResolver = (today: string) => zodResolver(contractsSchemaOn(today));
