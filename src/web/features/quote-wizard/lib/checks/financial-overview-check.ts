import { financialOverviewSchema } from "@domain/quote/financial-overview";
import { zodResolver } from "@hookform/resolvers/zod";

/** Step 2's check: fetched when the broker starts on the form. */
export const financialOverviewResolver = () => zodResolver(financialOverviewSchema);
