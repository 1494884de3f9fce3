import { declarationSchema } from "@domain/quote/declaration";
import { zodResolver } from "@hookform/resolvers/zod";

/** Step 6's check: fetched when the broker starts on the form. */
export const declarationResolver = () => zodResolver(declarationSchema);
