/**
 * The three documents (docs/product/permissions.md and docs/product/documents.md), generated as PDFs on the server:
 *   POST /api/quotes/{id}/statement-of-fact  -> {reference}-statement-of-fact.pdf
 *   POST /api/quotes/{id}/policy-schedule    -> {reference}-policy-schedule.pdf
 *   GET  /api/documents/dc-wording[?download=true] -> First_Underwriting_D&C_PI_Wording.pdf
 * A quote document for an incomplete quote answers 409 naming what is missing.
 */
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DC_WORDING_FILE_NAME } from "../../../domain/constants";
import { quoteDocumentFileName } from "../../../domain/format/file-names";
import { currentUser, requireRole } from "../../auth/authenticate";
import { documentViewFor } from "./service";

/*
 * The renderers bring pdfkit, fontkit and the embedded fonts with them, a large share of the server's start-up;
 * most processes never print a document, so they are loaded by the first request that asks for one.
 */
const loadStatementOfFact = () => import("./statement-of-fact");
const loadPolicySchedule = () => import("./policy-schedule");
const loadDcWording = () => import("./dc-wording");

/**
 * `attachment; filename="..."; filename*=UTF-8''...` (RFC 6266 with the RFC 5987 form): the quoted name is
 * kept to printable ASCII for old clients, the starred one carries the exact name.
 */
export function contentDisposition(disposition: "attachment" | "inline", fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function sendPdf(
  reply: FastifyReply,
  pdf: Buffer,
  fileName: string,
  disposition: "attachment" | "inline",
  cache: "private" | "public",
) {
  return reply
    .header("content-type", "application/pdf")
    .header("content-disposition", contentDisposition(disposition, fileName))
    .header("content-length", pdf.length)
    .header("cache-control", cache === "private" ? "private, no-store" : "public, max-age=3600")
    .send(pdf);
}

const errorSchema = z.object({
  error: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = requireRole("BROKER", "UNDERWRITER", "ADMIN");

  const quoteDocumentSchema = {
    params: z.object({ id: z.string() }),
    response: { 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
  };

  app.post(
    "/api/quotes/:id/statement-of-fact",
    {
      onRequest: signedIn,
      schema: {
        tags: ["documents"],
        summary: "The statement of fact of a complete quote, as a PDF download",
        ...quoteDocumentSchema,
      },
    },
    async (request, reply) => {
      const view = await documentViewFor(
        app.db,
        currentUser(request),
        request.params.id,
        "statement of fact",
        app.now(),
      );
      const { renderStatementOfFact } = await loadStatementOfFact();
      const pdf = await renderStatementOfFact(view);
      return sendPdf(
        reply,
        pdf,
        quoteDocumentFileName(view.quote.reference, "statement-of-fact"),
        "attachment",
        "private",
      );
    },
  );

  app.post(
    "/api/quotes/:id/policy-schedule",
    {
      onRequest: signedIn,
      schema: {
        tags: ["documents"],
        summary: "The policy schedule (a quotation until issued) of a complete quote, as a PDF download",
        ...quoteDocumentSchema,
      },
    },
    async (request, reply) => {
      const view = await documentViewFor(app.db, currentUser(request), request.params.id, "policy schedule", app.now());
      const { renderPolicySchedule } = await loadPolicySchedule();
      const pdf = await renderPolicySchedule(view);
      return sendPdf(
        reply,
        pdf,
        quoteDocumentFileName(view.quote.reference, "policy-schedule"),
        "attachment",
        "private",
      );
    },
  );

  // The wording is the product's published terms, the same for everyone: no session is needed, so the
  // browser's fallback of opening it in a new window works too.
  app.get(
    "/api/documents/dc-wording",
    {
      schema: {
        tags: ["documents"],
        summary: "The D&C professional indemnity policy wording (PDF); download=true makes it an attachment",
        querystring: z.object({ download: z.enum(["true", "false"]).optional() }),
      },
    },
    async (request, reply) => {
      const { getDcWordingPdf } = await loadDcWording();
      const pdf = await getDcWordingPdf();
      const disposition = request.query.download === "true" ? "attachment" : "inline";
      return sendPdf(reply, pdf, DC_WORDING_FILE_NAME, disposition, "public");
    },
  );
};
