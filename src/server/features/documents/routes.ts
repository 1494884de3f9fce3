/**
 * The three documents (docs/product/permissions.md and docs/product/documents.md), generated as PDFs on the server:
 *   POST /api/quotes/{id}/statement-of-fact  -> {reference}-statement-of-fact.pdf
 *   POST /api/quotes/{id}/policy-schedule    -> {reference}-policy-schedule.pdf
 *   GET  /api/documents/dc-wording[?download=true] -> First_Underwriting_D&C_PI_Wording.pdf
 *   POST /api/policies/{policyNumber}/cancellation-notice -> {reference}-cancellation-notice.pdf (a cancelled policy)
 *   POST /api/policies/{policyNumber}/endorsements/{n} -> {reference}-endorsement-{n}.pdf (an adjusted policy)
 * A quote document for an incomplete quote answers 409 naming what is missing. The PDFs are rendered on the
 * server's worker threads (ADR 0045), a user's quote documents two at a time (render-turns.ts).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DC_WORDING_FILE_NAME } from "../../../domain/constants";
import { endorsementFileName, quoteDocumentFileName } from "../../../domain/format/file-names";
import { currentUser, requireRole } from "../../auth/authenticate";
import { limitBusinessWrites } from "../../auth/write-limits";
import { AppError } from "../../errors";
import { contentDisposition } from "../../http/content-disposition";
import { holdWorkerPool } from "../../workers/pool";
import { endorsementViewFor } from "../quotes/adjustment-service";
import { cancellationNoticeViewFor } from "../quotes/cancellation-service";
import { quotationOptionsFor } from "../quotes/options-service";
import type { DocumentRenderTask } from "./render-task";
import { createRenderTurns, RENDERS_AT_ONCE_PER_USER, RENDERS_WAITING_PER_USER } from "./render-turns";
import { documentViewFor } from "./service";

/** A broker told their documents are busy can ask again in a few seconds: a render takes well under one. */
const BUSY_RETRY_AFTER_SECONDS = 5;

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
  // The renderers (pdfkit, fontkit, the embedded fonts) are loaded by the worker threads, which start with the
  // first document asked for: most processes never print one. The pool is given up when the app closes.
  const workers = holdWorkerPool();
  app.addHook("onClose", () => workers.release());
  const turns = createRenderTurns(RENDERS_AT_ONCE_PER_USER, RENDERS_WAITING_PER_USER);
  const render = async (task: DocumentRenderTask): Promise<Buffer> => {
    const bytes = await workers.run<Uint8Array>(task);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
  /**
   * Reads the quote as its reader may see it and renders the document, both in the user's turn: a request
   * waiting its turn holds no copy of the quote, and a burst of requests does not read every quote at once.
   */
  const renderQuoteDocument = async (
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    document: "statement-of-fact" | "policy-schedule",
    withQuotationOptions = false,
  ): Promise<{ pdf: Buffer; fileName: string }> => {
    const user = currentUser(request);
    try {
      return await turns.inTurn(user.id, async () => {
        const documentName = document === "statement-of-fact" ? "statement of fact" : "policy schedule";
        const view = await documentViewFor(app.db, user, request.params.id, documentName, app.now());
        if (withQuotationOptions)
          view.quotationOptions = await quotationOptionsFor(app.db, user, request.params.id, app.now());
        const pdf = await render({ kind: "render-document", document, view });
        return { pdf, fileName: quoteDocumentFileName(view.quote.reference, document) };
      });
    } catch (error) {
      if (error instanceof AppError && error.code === "DOCUMENTS_BUSY") {
        reply.header("retry-after", BUSY_RETRY_AFTER_SECONDS);
      }
      throw error;
    }
  };
  // The wording is the same for everyone while the process runs: rendered once, the bytes reused; a failed
  // render is not kept, so the next request tries again.
  let wording: Promise<Buffer> | undefined;
  const wordingPdf = (): Promise<Buffer> => {
    if (!wording) {
      wording = render({ kind: "render-document", document: "dc-wording" }).catch((error: unknown) => {
        wording = undefined;
        throw error;
      });
    }
    return wording;
  };

  const quoteDocumentSchema = {
    params: z.object({ id: z.string() }),
    response: { 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
  };

  app.post(
    "/api/quotes/:id/statement-of-fact",
    {
      onRequest: signedIn,
      preHandler: limitBusinessWrites("documentsRendered"),
      schema: {
        tags: ["documents"],
        summary: "The statement of fact of a complete quote, as a PDF download",
        ...quoteDocumentSchema,
        // quotationOptions=true adds the 'Quotation options' section: the premium at each cover limit and excess.
        querystring: z.object({ quotationOptions: z.enum(["true", "false"]).optional() }),
      },
    },
    async (request, reply) => {
      const withOptions = request.query.quotationOptions === "true";
      const { pdf, fileName } = await renderQuoteDocument(request, reply, "statement-of-fact", withOptions);
      return sendPdf(reply, pdf, fileName, "attachment", "private");
    },
  );

  app.post(
    "/api/quotes/:id/policy-schedule",
    {
      onRequest: signedIn,
      preHandler: limitBusinessWrites("documentsRendered"),
      schema: {
        tags: ["documents"],
        summary: "The policy schedule (a quotation until issued) of a complete quote, as a PDF download",
        ...quoteDocumentSchema,
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await renderQuoteDocument(request, reply, "policy-schedule");
      return sendPdf(reply, pdf, fileName, "attachment", "private");
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
      const pdf = await wordingPdf();
      const disposition = request.query.download === "true" ? "attachment" : "inline";
      return sendPdf(reply, pdf, DC_WORDING_FILE_NAME, disposition, "public");
    },
  );

  /** A policy document rendered in the user's turn; a busy turn tells the caller when to ask again. */
  const renderPolicyDocument = async (
    request: FastifyRequest,
    reply: FastifyReply,
    make: () => Promise<{ pdf: Buffer; fileName: string }>,
  ) => {
    const user = currentUser(request);
    try {
      const { pdf, fileName } = await turns.inTurn(user.id, make);
      return sendPdf(reply, pdf, fileName, "attachment", "private");
    } catch (error) {
      if (error instanceof AppError && error.code === "DOCUMENTS_BUSY") {
        reply.header("retry-after", BUSY_RETRY_AFTER_SECONDS);
      }
      throw error;
    }
  };
  const policyDocumentResponses = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema };

  app.post(
    "/api/policies/:policyNumber/cancellation-notice",
    {
      onRequest: signedIn,
      preHandler: limitBusinessWrites("documentsRendered"),
      schema: {
        tags: ["documents"],
        summary: "The cancellation notice of a cancelled policy, as a PDF download; 404 when not cancelled",
        params: z.object({ policyNumber: z.string().min(1).max(100) }),
        response: policyDocumentResponses,
      },
    },
    async (request, reply) =>
      renderPolicyDocument(request, reply, async () => {
        const notice = await cancellationNoticeViewFor(
          app.db,
          currentUser(request),
          request.params.policyNumber,
          app.now(),
        );
        const pdf = await render({ kind: "render-document", document: "cancellation-notice", notice });
        return { pdf, fileName: quoteDocumentFileName(notice.reference, "cancellation-notice") };
      }),
  );

  app.post(
    "/api/policies/:policyNumber/endorsements/:number",
    {
      onRequest: signedIn,
      preHandler: limitBusinessWrites("documentsRendered"),
      schema: {
        tags: ["documents"],
        summary: "Endorsement No. n of an adjusted policy, as a PDF download; 404 when there is no such endorsement",
        params: z.object({
          policyNumber: z.string().min(1).max(100),
          number: z.coerce.number().int().min(1).max(10_000),
        }),
        response: policyDocumentResponses,
      },
    },
    async (request, reply) =>
      renderPolicyDocument(request, reply, async () => {
        const endorsement = await endorsementViewFor(
          app.db,
          currentUser(request),
          request.params.policyNumber,
          request.params.number,
          app.now(),
        );
        const pdf = await render({ kind: "render-document", document: "endorsement", endorsement });
        return { pdf, fileName: endorsementFileName(endorsement.reference, endorsement.endorsement) };
      }),
  );
};
