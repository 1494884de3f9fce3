/**
 * GET /api/config: what the web app needs to know about this installation before anyone signs in
 * (no session required): the product name, the underwriting mailbox of the e-mail package
 * (UNDERWRITING_MAILBOX, docs/product/permissions.md) and whether company search answers from Companies House or from the
 * fictitious demo register, with the note the wizard shows beside demo results.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appConfigResponseSchema } from "../../../domain/api/app-config";
import { PRODUCT_NAME } from "../../../domain/constants";
import { companyRegisterKind, DEMO_REGISTER_NOTE } from "../companies/company-service";

export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const register = companyRegisterKind(app.config);
  const body = {
    data: {
      productName: PRODUCT_NAME,
      underwritingMailbox: app.config.underwritingMailbox,
      companyRegister: register,
      companyRegisterNote: register === "demo" ? DEMO_REGISTER_NOTE : null,
    },
  };
  app.get(
    "/api/config",
    {
      schema: {
        tags: ["config"],
        summary: "Installation settings the web app reads on load (no sign-in needed)",
        response: { 200: appConfigResponseSchema },
      },
    },
    async () => body,
  );
};
