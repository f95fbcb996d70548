/** The files an MSEL is imported from (issue 32): spreadsheets, delimited text, and a Word table. */
export const MSEL_FILE_FORMATS = ["xlsx", "xls", "ods", "csv", "tsv", "docx"] as const;

/** Where the header may sit: title blocks, logos and handling banners come above it. */
export const HEADER_SEARCH_ROWS = 20;
