import { activitySplitSchema } from "@domain/quote/activity-split";
import { zodResolver } from "@hookform/resolvers/zod";

/** Step 4's check: fetched when the broker starts on the form. */
export const activitySplitResolver = () => zodResolver(activitySplitSchema);
