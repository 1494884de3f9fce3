/**
 * The Design and Construct Professional Indemnity policy wording, written for this product. It is held as
 * structured text (parts, clauses, sub-clauses) so the PDF renderer can number and lay it out, and so a
 * wording change is a reviewable text diff.
 */

export interface WordingClause {
  number: string;
  text: string;
  subClauses?: readonly WordingClause[];
}

export interface WordingPart {
  heading: string;
  introduction?: readonly string[];
  clauses: readonly WordingClause[];
}

export interface WordingDocument {
  title: string;
  edition: string;
  /** The edition date, also the PDF's creation date, so the same wording always renders to the same file. */
  editionDate: Date;
  preamble: readonly string[];
  parts: readonly WordingPart[];
}

export const DC_WORDING: WordingDocument = {
  title: "Design and Construct Professional Indemnity Insurance",
  edition: "Policy wording DCPI-W 01/2026",
  editionDate: new Date("2026-01-01T00:00:00Z"),
  preamble: [
    "This policy wording, together with the Schedule and any endorsements, forms the contract of insurance between the Insured and First Underwriting. The Insured has paid or agreed to pay the premium and has given the Insurer the information in the proposal and the statement of fact. In return the Insurer agrees, subject to the terms, conditions, limits and exclusions of this policy, to provide the cover described below.",
    "Words with capital initials, such as Claim, Insured or Period of Insurance, are defined in Part 1 and have the same meaning wherever they appear. Headings are for ease of reference only and do not affect the meaning of the policy. Words in the singular include the plural and the other way round.",
    "Please read the whole policy carefully, check that the Schedule is correct and that the cover meets your needs, and tell your insurance broker at once if anything is wrong. This policy is written on a claims made basis: it responds to claims first made against the Insured and notified to the Insurer during the Period of Insurance, not to the date the work was carried out.",
  ],
  parts: [
    {
      heading: "Part 1. Definitions",
      clauses: [
        {
          number: "1.1",
          text: "Claim: (a) a written demand for money or services, or an allegation of a breach of professional duty, made against the Insured; (b) the service of any proceedings, including adjudication, arbitration or expert determination, against the Insured; or (c) a written notice of an intention to commence any of those, in each case arising out of the Professional Business.",
        },
        {
          number: "1.2",
          text: "Circumstance: any incident, occurrence, fact, matter, act or omission which might give rise to a Claim.",
        },
        {
          number: "1.3",
          text: "Damages: any amount the Insured is legally liable to pay to a third party by judgment, award or settlement agreed with the Insurer's written consent, including the claimant's costs and expenses awarded against the Insured.",
        },
        {
          number: "1.4",
          text: "Defence Costs: reasonable costs and expenses incurred with the Insurer's written consent in the investigation, defence, adjustment, settlement or appeal of a Claim, including the fees of lawyers, experts and adjudicators, but excluding the Insured's own overheads, salaries and the time of its principals and Employees.",
        },
        {
          number: "1.5",
          text: "Design and Construct Contract: a contract under which the Insured undertakes both the design (in whole or in part) and the construction, installation or erection of works, whether it carries out the design itself or through a sub-consultant it appoints.",
        },
        {
          number: "1.6",
          text: "Employee: any person under a contract of service or apprenticeship with the Insured, and any labour-only sub-contractor, self-employed person or agency worker working under the Insured's direction and control in the Professional Business.",
        },
        {
          number: "1.7",
          text: "Excess: the amount shown in the Schedule which the Insured must bear in respect of each and every Claim, including Defence Costs, before the Insurer makes any payment.",
        },
        {
          number: "1.8",
          text: "Insured: the firm or company named in the Schedule as the insured, any present or former partner, director, member or Employee of it while acting in the Professional Business on its behalf, and the estate or legal representatives of any such individual in the event of death or incapacity.",
        },
        { number: "1.9", text: "Insurer: First Underwriting." },
        {
          number: "1.10",
          text: "Limit of Indemnity: the amount shown in the Schedule as the limit of indemnity, which applies as the Schedule states: either to each and every Claim, or in the aggregate to all Claims first made during the Period of Insurance; and either including Defence Costs or with Defence Costs payable in addition.",
        },
        {
          number: "1.11",
          text: "Period of Insurance: the period shown in the Schedule, being twelve months from the inception date unless the Schedule states otherwise.",
        },
        {
          number: "1.12",
          text: "Professional Business: the business activity described in the Schedule and the statement of fact, carried on by or on behalf of the Insured, including design, specification, supervision, project management and advice given in connection with construction works, and the performance of Design and Construct Contracts.",
        },
        {
          number: "1.13",
          text: "Retroactive Date: the date shown in the Schedule or, where none is shown, unlimited retroactive cover applies subject to Exclusion 4.2.",
        },
        {
          number: "1.14",
          text: "Schedule: the policy schedule issued by the Insurer for this policy, together with any later schedule or endorsement that replaces or amends it.",
        },
        {
          number: "1.15",
          text: "Sub-contractor: any person or firm, other than an Employee, engaged by the Insured to carry out part of the Professional Business, including sub-consultants to whom design is delegated.",
        },
        {
          number: "1.16",
          text: "Territorial Limits: Great Britain, Northern Ireland, the Channel Islands and the Isle of Man, unless the Schedule states otherwise. Jurisdiction: the courts of those places, unless the Schedule states otherwise.",
        },
        {
          number: "1.17",
          text: "Pollution: the discharge, dispersal, release or escape of any solid, liquid, gaseous or thermal irritant or contaminant, including smoke, vapour, soot, fumes, acids, alkalis, chemicals, mould and waste.",
        },
      ],
    },
    {
      heading: "Part 2. Insuring clauses",
      introduction: [
        "The Insurer will indemnify the Insured, up to the Limit of Indemnity and in excess of the Excess, against the following, provided that the Claim is first made against the Insured during the Period of Insurance and notified to the Insurer in accordance with Part 5.",
      ],
      clauses: [
        {
          number: "2.1",
          text: "Civil liability. Damages and claimants' costs arising from any Claim for breach of professional duty, including negligent design, specification, advice or supervision, committed or alleged to have been committed by the Insured, or by a Sub-contractor for whom the Insured is legally responsible, in the conduct of the Professional Business within the Territorial Limits.",
        },
        {
          number: "2.2",
          text: "Defence Costs. Defence Costs incurred in connection with a Claim covered by this policy. Defence Costs form part of the Limit of Indemnity, unless the Schedule states that they are payable in addition to it.",
        },
        {
          number: "2.3",
          text: "Design and Construct liability. Damages arising from a Claim under a Design and Construct Contract, but only to the extent that the liability arises from a failure to exercise the reasonable skill and care expected of a competent designer, and not from defective workmanship, materials or an obligation of fitness for purpose (see Exclusions 4.5 and 4.6).",
        },
        {
          number: "2.4",
          text: "Loss of documents. The reasonable costs of replacing or restoring Documents belonging to or entrusted to the Insured which are lost or damaged during the Period of Insurance while in the Insured's custody or in transit, up to £50,000 in the aggregate, provided the loss has been diligently searched for. Documents means deeds, drawings, plans, specifications, records and electronic data, but not money, securities or bearer bonds.",
        },
        {
          number: "2.5",
          text: "Mitigation costs. Costs incurred with the Insurer's prior written consent to take action to avoid or reduce a Claim that would otherwise be covered and that is reasonably expected to arise from a Circumstance notified under clause 5.2, where the cost of that action is likely to be less than the Claim it avoids. These costs are subject to the Excess and form part of the Limit of Indemnity.",
        },
        {
          number: "2.6",
          text: "Court attendance. Where a principal or Employee of the Insured is required to attend court as a witness in connection with a Claim covered by this policy, compensation of £500 per day for a principal and £250 per day for an Employee, not subject to the Excess.",
        },
        {
          number: "2.7",
          text: "Additional covers. Where the Schedule shows an additional cover (directors' and officers' liability, contents, business equipment (computers), business equipment (specialist equipment) or stock) with a limit, the Insurer will indemnify the Insured for that cover up to the limit shown, on the terms of the cover's endorsement and the general conditions of this policy. An additional cover not shown in the Schedule does not apply.",
        },
      ],
    },
    {
      heading: "Part 3. Limit of indemnity, excess and allocation",
      clauses: [
        {
          number: "3.1",
          text: "Where the Schedule states that the Limit of Indemnity applies in the aggregate, the Insurer's total liability for all Claims first made during the Period of Insurance shall not exceed it; where it applies to each and every Claim, the Insurer's liability for each Claim shall not exceed it. Defence Costs count towards the Limit of Indemnity unless the Schedule states that they are payable in addition. Payments under clauses 2.4 and 2.5 erode the Limit of Indemnity.",
        },
        {
          number: "3.2",
          text: "All Claims arising from one act, error or omission, or from a series of related acts, errors or omissions attributable to one source or originating cause, shall be treated as one Claim made when the first of them was made, and only one Excess applies.",
        },
        {
          number: "3.3",
          text: "The Excess applies to each and every Claim, including Defence Costs. Where the Schedule shows an increased Excess selected by the Insured in return for a reduced premium, that increased Excess applies.",
        },
        {
          number: "3.4",
          text: "Where a Claim includes matters covered and not covered by this policy, the Insurer and the Insured will use their best efforts to agree a fair allocation of Damages and Defence Costs, having regard to the relative legal and financial exposures. Failing agreement, the allocation will be referred to a King's Counsel agreed by both parties, whose decision is binding.",
        },
      ],
    },
    {
      heading: "Part 4. Exclusions",
      introduction: ["The Insurer will not indemnify the Insured against any Claim or loss:"],
      clauses: [
        { number: "4.1", text: "Excess: for the amount of the Excess." },
        {
          number: "4.2",
          text: "Prior matters: arising from any Claim or Circumstance (a) first made or notified before the Period of Insurance; (b) known to the Insured, or which a reasonable person in the Insured's position would have known might give rise to a Claim, before the Period of Insurance and not disclosed in the statement of fact; or (c) arising from work performed before the Retroactive Date.",
        },
        {
          number: "4.3",
          text: "Bodily injury and property damage: for death, bodily injury, illness or disease of any person, or loss of or damage to property, unless it results directly from a breach of professional duty in the design, specification or advice given by the Insured. This exclusion does not apply to Claims for breach of professional duty that do not arise from the Insured's own workmanship.",
        },
        {
          number: "4.4",
          text: "Employer's liability: for death, injury or disease of any Employee arising out of their employment, or any breach of obligations owed by the Insured as an employer.",
        },
        {
          number: "4.5",
          text: "Workmanship and materials: for the cost of remedying any defect in the construction, manufacture, installation, erection or repair of works, goods or materials, or the cost of any materials or goods themselves, carried out or supplied by the Insured or a Sub-contractor, except to the extent that the defect results from a breach of professional duty in design or specification.",
        },
        {
          number: "4.6",
          text: "Contractual liability: arising from any liability assumed by the Insured under contract (including express warranties, guarantees, indemnities, liquidated or delay damages, penalties and obligations of fitness for purpose or to achieve a specified result) which exceeds the liability the Insured would have had in the absence of that contract, unless the Insurer has agreed otherwise in writing. Collateral warranties and third-party rights are covered only where they are no more onerous than the underlying appointment and the Insured disclosed them in the statement of fact.",
        },
        {
          number: "4.7",
          text: "Cost estimates and financial advice: arising from any estimate of construction cost being exceeded, or from any financial, investment, valuation or surveying advice other than building condition advice given in the Professional Business.",
        },
        {
          number: "4.8",
          text: "Insolvency: arising from the insolvency, liquidation, administration or bankruptcy of the Insured.",
        },
        {
          number: "4.9",
          text: "Pollution: arising from Pollution, save that this exclusion does not apply to Claims for breach of professional duty in design, in which case cover is limited to the Limit of Indemnity in the aggregate including Defence Costs.",
        },
        {
          number: "4.10",
          text: "Asbestos: arising directly or indirectly from asbestos or any materials containing asbestos, save for Claims for breach of professional duty in the identification, survey or management of asbestos disclosed in the statement of fact, which are covered in the aggregate up to the lesser of the Limit of Indemnity and £1,000,000 including Defence Costs.",
        },
        {
          number: "4.11",
          text: "Combustible cladding and fire safety: arising from the design, specification, supply, installation or approval of external wall systems, cladding or insulation on buildings of 11 metres or more in height, or from any failure of such works to comply with fire safety regulations, unless the Insurer has agreed to cover such work in writing.",
        },
        {
          number: "4.12",
          text: "Special areas: arising from work on or in connection with amusement parks; aviation, automotive, military or marine projects; airports or railways; arenas, stadia or amusement rides; bridges or tunnels; chemical, oil or nuclear installations; children's play areas; clean rooms; demolition; dams or mines; power plants; swimming pools; harbours or jetties; or offshore installations, unless that work was disclosed in the statement of fact and accepted by the Insurer.",
        },
        {
          number: "4.13",
          text: "Territorial limits and jurisdiction: arising from work performed outside the Territorial Limits, or from any Claim brought in a court outside the Jurisdiction or to enforce a judgment obtained there, unless the Schedule extends the Territorial Limits or Jurisdiction.",
        },
        {
          number: "4.14",
          text: "Dishonesty: arising from any dishonest, fraudulent, criminal or malicious act or omission of the Insured; this exclusion does not apply to the Insured firm for the act of an Employee which the firm's partners, directors or members did not commit, condone or ignore.",
        },
        {
          number: "4.15",
          text: "Fines and penalties: for fines, penalties, punitive, exemplary or aggravated damages, or any multiple of compensatory damages.",
        },
        {
          number: "4.16",
          text: "Associated parties: brought by or on behalf of any company or firm in which the Insured or any of its principals has a financial interest of more than 15% or executive control, or by any parent or subsidiary company of the Insured, unless that interest was disclosed in the statement of fact and the Claim originates from an independent third party.",
        },
        {
          number: "4.17",
          text: "Trading debts and fees: for the Insured's trading debts, or any Claim for the return or reduction of the Insured's fees.",
        },
        {
          number: "4.18",
          text: "War, terrorism and nuclear: arising from war, invasion, act of foreign enemy, hostilities, civil war, rebellion, revolution, insurrection, military or usurped power, any act of terrorism, or ionising radiation or contamination by radioactivity from any nuclear fuel or waste.",
        },
        {
          number: "4.19",
          text: "Cyber: arising from the use of, or inability to use, any computer system, software or electronic data, including any malicious code or unauthorised access, except where the Claim arises from a breach of professional duty in design which would otherwise be covered and the cyber event is not the cause of the loss.",
        },
        {
          number: "4.20",
          text: "Communicable disease: arising from any actual or alleged transmission of a communicable disease, or any fear or threat of it.",
        },
      ],
    },
    {
      heading: "Part 5. Claims conditions",
      clauses: [
        {
          number: "5.1",
          text: "Notification of Claims. The Insured must give written notice to the Insurer of any Claim as soon as reasonably practicable, and in any event within 30 days of it being made, and must send the Insurer every letter, writ, summons, notice of adjudication and other document received in connection with it.",
        },
        {
          number: "5.2",
          text: "Notification of Circumstances. If during the Period of Insurance the Insured becomes aware of a Circumstance, it may give written notice of it to the Insurer with full particulars, including the dates, the persons involved and the reasons for anticipating a Claim. Any Claim later made arising from a Circumstance so notified will be treated as made during the Period of Insurance.",
        },
        {
          number: "5.3",
          text: "How to notify. Notify a Claim or Circumstance through the Insured's insurance broker, or directly to the First Underwriting claims team by e-mail at claims@firstunderwriting.example, quoting the policy number shown in the Schedule. Do not wait until the Insured has all the information: an early notification allows the Insurer to help limit the loss.",
        },
        {
          number: "5.4",
          text: "No admission. The Insured must not admit liability, make any offer, promise or payment, or incur any Defence Costs in connection with a Claim without the Insurer's written consent, which will not be unreasonably withheld. The Insured may give a factual account of events and co-operate with any statutory investigation.",
        },
        {
          number: "5.5",
          text: "Conduct of Claims. The Insurer is entitled to take over and conduct in the Insured's name the defence or settlement of any Claim, and the Insured must give all information and assistance the Insurer reasonably requires.",
        },
        {
          number: "5.6",
          text: "King's Counsel clause. The Insurer will not require the Insured to contest any legal proceedings unless a King's Counsel, agreed by both parties, advises that the proceedings can be contested with a reasonable prospect of success, taking into account the likely Damages and Defence Costs and the prospects of the Insured successfully defending the proceedings.",
        },
        {
          number: "5.7",
          text: "Settlement. If the Insured refuses to consent to a settlement recommended by the Insurer and acceptable to the claimant, the Insurer's liability for that Claim shall not exceed the amount for which it could have been settled plus Defence Costs incurred up to the date of the refusal.",
        },
        {
          number: "5.8",
          text: "Subrogation. The Insurer may take over, in the Insured's name, any rights of recovery against third parties, including Sub-contractors. The Insurer will not exercise these rights against an Employee unless the Claim arose from that Employee's dishonest or malicious act.",
        },
        {
          number: "5.9",
          text: "Fraudulent claims. If the Insured makes a fraudulent Claim, the Insurer will not pay it, may recover any sums already paid in respect of it, and may by notice treat this policy as terminated from the time of the fraudulent act, in accordance with section 12 of the Insurance Act 2015.",
        },
      ],
    },
    {
      heading: "Part 6. General conditions",
      clauses: [
        {
          number: "6.1",
          text: "Fair presentation of the risk. Before this policy was entered into, and before any renewal or variation, the Insured must make a fair presentation of the risk as required by the Insurance Act 2015. The statement of fact records the information the Insured gave. If the Insured fails to make a fair presentation, the Insurer's remedies are those of the Act: where the failure was deliberate or reckless, the Insurer may avoid the policy and keep the premium; otherwise, if the Insurer would not have entered into the policy on any terms it may avoid it and return the premium, if it would have entered into it on different terms the policy is treated as if it had been on those terms, and if it would have charged a higher premium any Claim payment is reduced proportionately.",
        },
        {
          number: "6.2",
          text: "Change in the risk. The Insured must tell the Insurer as soon as reasonably practicable of any material change in the Professional Business, including a change of business activity, work outside the Territorial Limits, a significant increase in turnover or a change in the contract types or special areas disclosed in the statement of fact. The Insurer may then amend the terms or premium.",
        },
        {
          number: "6.3",
          text: "Sub-contractors. Where the Insured delegates design to a Sub-contractor, it must take reasonable steps to ensure the Sub-contractor holds professional indemnity insurance appropriate to the work, and must not waive or limit its rights of recovery against a Sub-contractor without the Insurer's written agreement.",
        },
        {
          number: "6.4",
          text: "Reasonable precautions. The Insured must take reasonable precautions to prevent Claims, including keeping proper records of instructions, designs, variations and advice, and ensuring that work is carried out or checked by suitably qualified and experienced persons.",
        },
        {
          number: "6.5",
          text: "Premium. The Insured must pay the premium, including Insurance Premium Tax at the applicable rate, by the date agreed. If the premium is not paid the Insurer may cancel the policy by giving 14 days' written notice.",
        },
        {
          number: "6.6",
          text: "Cancellation. The Insured may cancel this policy at any time by written notice through its broker. The Insurer may cancel it by giving 30 days' written notice to the Insured's last known address where there is a valid reason, such as non-payment of premium, a change in the risk which the Insurer cannot accept, or a failure to co-operate with the Insurer. Provided no Claim or Circumstance has been notified, the Insurer will return a proportionate part of the premium for the unexpired period.",
        },
        {
          number: "6.7",
          text: "Other insurance. If any Claim is also covered by another policy, the Insurer will pay only its rateable proportion, save that this policy will not contribute to any loss covered by a policy effected by a Sub-contractor.",
        },
        {
          number: "6.8",
          text: "Sanctions. The Insurer will not provide cover or pay any Claim or benefit to the extent that doing so would expose it to any sanction, prohibition or restriction under United Nations resolutions or the trade or economic sanctions, laws or regulations of the United Kingdom, the European Union or the United States of America.",
        },
        {
          number: "6.9",
          text: "Assignment. The Insured may not assign this policy or any rights under it without the Insurer's written consent.",
        },
        {
          number: "6.10",
          text: "Third-party rights. A person who is not a party to this policy has no right under the Contracts (Rights of Third Parties) Act 1999 to enforce any of its terms. This does not affect any right or remedy of a third party which exists apart from that Act, including rights under the Third Parties (Rights against Insurers) Act 2010.",
        },
        {
          number: "6.11",
          text: "Law and jurisdiction. Unless agreed otherwise in writing, this policy is governed by the law of England and Wales and any dispute about it is subject to the exclusive jurisdiction of the courts of England and Wales.",
        },
        {
          number: "6.12",
          text: "Contracts excluded from the Insurance Act 2015. Nothing in this policy excludes or limits the Insured's rights under sections 10 and 11 of the Insurance Act 2015, under which a breach of a term relating to a particular kind of loss only suspends or affects cover for that kind of loss, and only while the breach continues.",
        },
      ],
    },
    {
      heading: "Part 7. Complaints and your information",
      clauses: [
        {
          number: "7.1",
          text: "Complaints. If you are unhappy with the service you have received, please contact your insurance broker first. If your complaint is about the Insurer and is not resolved, write to the Complaints Manager, First Underwriting, at complaints@firstunderwriting.example, quoting your policy number. We will acknowledge your complaint promptly and send you our final response within eight weeks. If you are an eligible complainant and remain dissatisfied, you may be able to refer your complaint to the Financial Ombudsman Service. Making a complaint does not affect your right to take legal action.",
        },
        {
          number: "7.2",
          text: "Your information. The Insurer uses the information in the proposal, the statement of fact and any Claim to underwrite and administer this policy, handle Claims and prevent fraud, in accordance with the UK General Data Protection Regulation and the Data Protection Act 2018. It may share that information with your broker, reinsurers, loss adjusters, legal advisers and fraud prevention agencies for those purposes.",
        },
        {
          number: "7.3",
          text: "Compensation. If the Insurer cannot meet its obligations, you may be entitled to compensation from the Financial Services Compensation Scheme, depending on the type of business and the circumstances of the claim.",
        },
      ],
    },
  ],
};
