import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  type PDFDocument,
  type PDFObject,
  type PDFPage,
  type PDFRef,
} from "pdf-lib";

/**
 * The tagged-PDF layer of pdf.ts (PDF 1.7 §14.7–14.8, the structure PDF/UA relies on), built from
 * pdf-lib's low-level objects because pdf-lib has no tagging API:
 * - a structure tree: StructTreeRoot → Document → H1/P/L/Table… elements, created in reading
 *   order (siblings keep the order they were created in, which is the order pdf.ts draws them);
 * - marked content: what an element draws is wrapped in `/Tag <</MCID n>> BDC … EMC`, the MCID
 *   numbered per page and listed among the element's kids (a paragraph or table cell that breaks
 *   across pages gets one MCID per page, the later ones as marked-content references);
 * - page furniture (footers, rules, cell borders, fills, repeated table headers) as `/Artifact`,
 *   so assistive technology skips it;
 * - the ParentTree (page's StructParents → MCID → owning element), each page's StructParents and
 *   the catalog's `/MarkInfo << /Marked true >>`.
 * Marked content opens lazily, at the first drawing of an element on a page, and closes when the
 * page changes, so an element whose first line moved to the next page leaves no empty sequence.
 */

export type StructureType = "Document" | "H1" | "H2" | "H3" | "P" | "L" | "LI" | "Lbl" | "LBody" | "Table" | "TR" | "TH" | "TD";

export type StructureElement = { type: StructureType; ref: PDFRef; dict: PDFDict; kids: PDFArray; page?: PDFRef };

/** Attributes of the standard Table and List owners (PDF 1.7 §14.8.5.7, §14.8.5.5). */
export type ElementOptions = {
  scope?: "Column" | "Row";
  numbering?: "Decimal" | "Disc" | "LowerAlpha";
  /** Replacement text for content that is drawn, not written (a check box). */
  actualText?: string;
};

type PageMarks = { key: number; owners: PDFRef[] };

const S = PDFName.of("S");
const P = PDFName.of("P");
const K = PDFName.of("K");
const PG = PDFName.of("Pg");
const BDC = PDFOperatorNames.BeginMarkedContentSequence;
const BMC = PDFOperatorNames.BeginMarkedContent;
const EMC = PDFOperatorNames.EndMarkedContent;
// Property lists are written inline as raw operands: pdf-lib's operator arguments take no
// dictionaries, and a string is copied into the content stream as it is.

export class StructureTree {
  readonly document: StructureElement;
  private readonly rootRef: PDFRef;
  private readonly marks = new Map<PDFPage, PageMarks>();
  private open: { page: PDFPage; element: StructureElement } | undefined;

  constructor(private readonly doc: PDFDocument) {
    this.rootRef = doc.context.nextRef();
    this.document = this.create(this.rootRef, "Document");
  }

  /** A new element, appended to its parent's kids (the Document when no parent is given). */
  element(parent: StructureElement | undefined, type: StructureType, options: ElementOptions = {}): StructureElement {
    const owner = parent ?? this.document;
    const element = this.create(owner.ref, type);
    if (options.scope) element.dict.set(PDFName.of("A"), this.doc.context.obj({ O: "Table", Scope: options.scope }));
    if (options.numbering) element.dict.set(PDFName.of("A"), this.doc.context.obj({ O: "List", ListNumbering: options.numbering }));
    if (options.actualText !== undefined) element.dict.set(PDFName.of("ActualText"), PDFHexString.fromText(options.actualText));
    owner.kids.push(element.ref);
    return element;
  }

  /** Whatever is drawn next on `page` belongs to `element` (opens its marked content if needed). */
  content(page: PDFPage, element: StructureElement): void {
    if (this.open?.page === page && this.open.element === element) return;
    this.close();
    let marks = this.marks.get(page);
    if (!marks) this.marks.set(page, (marks = { key: this.marks.size, owners: [] }));
    const mcid = marks.owners.length;
    marks.owners.push(element.ref);
    if (!element.page) {
      element.page = page.ref;
      element.dict.set(PG, page.ref);
    }
    const context = this.doc.context;
    element.kids.push(element.page === page.ref ? PDFNumber.of(mcid) : context.obj({ Type: "MCR", Pg: page.ref, MCID: mcid }));
    page.pushOperators(PDFOperator.of(BDC, [PDFName.of(element.type), `<</MCID ${mcid}>>`]));
    this.open = { page, element };
  }

  /** Ends the open marked content, if any (on a page change, after an element's last drawing). */
  close(): void {
    if (!this.open) return;
    this.open.page.pushOperators(PDFOperator.of(EMC));
    this.open = undefined;
  }

  /** Draws page furniture outside the structure tree; `pagination` for running headers and footers. */
  artifact(page: PDFPage, draw: () => void, pagination?: "Header" | "Footer"): void {
    this.close();
    page.pushOperators(
      pagination
        ? PDFOperator.of(BDC, [PDFName.of("Artifact"), `<</Type /Pagination /Subtype /${pagination}>>`])
        : PDFOperator.of(BMC, [PDFName.of("Artifact")]),
    );
    draw();
    page.pushOperators(PDFOperator.of(EMC));
  }

  /** Writes the tree into the document: call once, after the last drawing. */
  finish(): void {
    this.close();
    const context = this.doc.context;
    const nums = PDFArray.withContext(context);
    this.doc.getPages().forEach((page) => {
      let marks = this.marks.get(page);
      if (!marks) this.marks.set(page, (marks = { key: this.marks.size, owners: [] }));
      page.node.set(PDFName.of("StructParents"), PDFNumber.of(marks.key));
      // Tab order follows the structure (PDF/UA; matters once a page has links or fields).
      page.node.set(PDFName.of("Tabs"), PDFName.of("S"));
    });
    for (const { key, owners } of [...this.marks.values()].sort((a, b) => a.key - b.key)) {
      nums.push(PDFNumber.of(key));
      nums.push(context.obj(owners));
    }
    context.assign(
      this.rootRef,
      context.obj({
        Type: "StructTreeRoot",
        K: [this.document.ref],
        ParentTree: context.obj({ Nums: nums }),
        ParentTreeNextKey: this.marks.size,
      }),
    );
    this.doc.catalog.set(PDFName.of("StructTreeRoot"), this.rootRef);
    this.doc.catalog.set(PDFName.of("MarkInfo"), context.obj({ Marked: true }));
  }

  /** Built from cached names (`context.obj` parses every key): an MSEL has thousands of cells. */
  private create(parent: PDFRef, type: StructureType): StructureElement {
    const context = this.doc.context;
    const kids = PDFArray.withContext(context);
    // /Type /StructElem is optional (PDF 1.7 Table 323): left out, it is bytes in every element.
    const dict = PDFDict.fromMapWithContext(
      new Map<PDFName, PDFObject>([
        [S, PDFName.of(type)],
        [P, parent],
        [K, kids],
      ]),
      context,
    );
    return { type, ref: context.register(dict), dict, kids };
  }
}
