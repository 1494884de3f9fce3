/**
 * The demo endorsement library: four clauses a UK professional indemnity underwriter commonly attaches to a
 * design-and-construct contractor's policy. Seeded once, as version 1, when the library is empty.
 */
export const SEED_CLAUSES = [
  {
    code: "ASB-EXCL",
    title: "Asbestos exclusion",
    wording:
      "This policy does not indemnify the Insured against any claim arising directly or indirectly out of, or in any way involving, asbestos or any material containing asbestos in whatever form or quantity, including any failure to identify, survey for, advise on, remove, encapsulate or manage it.",
  },
  {
    code: "POL-AGG",
    title: "Pollution and contamination aggregate sub-limit",
    wording:
      "The Insurer's total liability for all claims arising out of pollution or contamination, including the cost of investigation, clean-up and defence costs, shall not exceed £250,000 in the aggregate during the period of insurance. This sub-limit forms part of, and is not in addition to, the limit of indemnity.",
  },
  {
    code: "FFP-EXCL",
    title: "Fitness for purpose exclusion",
    wording:
      "This policy does not indemnify the Insured against any liability under any express warranty or guarantee that the works or any part of them will be fit for their purpose, save to the extent that such liability would have attached to the Insured in the absence of that warranty or guarantee, that is to say in respect of a failure to exercise the reasonable skill and care of a competent professional.",
  },
  {
    code: "NET-CONT",
    title: "Net contribution clause",
    wording:
      "Where the Insured is jointly liable with any other party for the same loss, the Insurer's liability shall be limited to that proportion of the loss which it is just and equitable for the Insured to pay having regard to the extent of the Insured's responsibility, on the assumption that every other such party has provided contractual undertakings on equivalent terms and has paid its just and equitable share.",
  },
] as const;
