import { declarationSchemaOn } from "@domain/quote/declaration";
import { zodResolver } from "@hookform/resolvers/zod";

/** Step 6's check (with the retroactive date against the quote's inception): fetched when the broker starts on the form. */
export const declarationResolver = (inceptionDate: string | null | undefined) =>
  zodResolver(declarationSchemaOn(inceptionDate));
