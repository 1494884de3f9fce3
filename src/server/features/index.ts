/**
 * Every feature's routes, registered in this order by app.ts. A new feature adds its plugin here (one line).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appConfigRoutes } from "./app-config/routes";
import { auditRoutes } from "./audit/routes";
import { authRoutes } from "./auth/routes";
import { twoFactorRoutes } from "./auth/two-factor-routes";
import { bordereauRoutes } from "./bordereau/routes";
import { businessActivityRoutes } from "./business-activities/routes";
import { companyRoutes } from "./companies/routes";
import { documentRoutes } from "./documents/routes";
import { endorsementRoutes } from "./endorsements/routes";
import { firmRoutes } from "./firms/routes";
import { impactRoutes } from "./impact/routes";
import { miRoutes } from "./mi/routes";
import { quoteOptionRoutes } from "./quotes/options-routes";
import { policyRoutes } from "./quotes/policy-routes";
import { quoteRoutes } from "./quotes/routes";
import { ratingVersionRoutes } from "./rating-versions/routes";
import { receiptRoutes } from "./receipts/routes";
import { questionRoutes } from "./underwriting/question-routes";
import { underwritingRoutes } from "./underwriting/routes";
import { userRoutes } from "./users/routes";

export const featureRoutes: FastifyPluginAsyncZod[] = [
  authRoutes,
  twoFactorRoutes,
  userRoutes,
  firmRoutes,
  ratingVersionRoutes,
  impactRoutes,
  auditRoutes,
  companyRoutes,
  businessActivityRoutes,
  appConfigRoutes,
  quoteRoutes,
  quoteOptionRoutes,
  receiptRoutes,
  policyRoutes,
  underwritingRoutes,
  questionRoutes,
  endorsementRoutes,
  documentRoutes,
  bordereauRoutes,
  miRoutes,
];
