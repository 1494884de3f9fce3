/** A generated document, ready to save or to put in the e-mail package. */
export interface DocumentFile {
  blob: Blob;
  fileName: string;
}

/** A document request that failed, with the exact text docs/product/errors.md shows for it. */
export class DocumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DocumentError";
  }
}

export const PDF_CONTENT_TYPE = "application/pdf";
