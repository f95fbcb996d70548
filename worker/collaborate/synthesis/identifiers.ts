/**
 * Identifiers recognised by their shape, not by a name the anonymiser knows: badge, employee and
 * unit numbers ("badge #A2291", "employee no. 558-12", "staff ID: GL-3561"), facility designators
 * ("Station 14", "Hangar 3", "Building C"), street addresses ("6363 South 14th Street", "4410 County
 * Road 12", "18 Commerce Plaza") and post-office boxes. Each one names a workplace or a person as
 * surely as a name does. Every repetition is bounded, so each pattern runs in linear time.
 */

/** A count, not an identifier: "the unit 24 hours a day", "room 4 people". */
const NOT_A_COUNT = String.raw`(?![ \t]{1,3}(?:hours?|hrs?|minutes?|mins?|days?|nights?|weeks?|months?|years?|people|persons|residents|patients|beds|staff|percent)(?![\p{L}]))`;

/** Words after which a number is someone's identifier; the number itself is replaced. */
const ID_NUMBER = new RegExp(
  String.raw`(?<![\p{L}\p{N}])((?:badge|employee|emp\.|staff|personnel|payroll|unit|officer|ID|I\.D\.)(?:[ \t]{1,3}(?:ID|no\.?|number|num\.?|is)(?![\p{L}])){0,2}[ \t]{0,3}[#:]?[ \t]{0,3})([A-Z]{0,4}-?\d[\dA-Z-]{0,14})(?![\p{L}\p{N}])${NOT_A_COUNT}`,
  "giu",
);

/** Facility designators with a number, in any case ("Station 14", "room 212"): heads that are no verbs. */
const FACILITY_ANY_CASE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:station|stn\.|substation|hangar|warehouse|suite|ste\.|room|rm\.|pier|berth|terminal|depot|precinct|firehouse|medic|squad|ladder|tanker|bldg\.?)[ \t]{1,3}#?[ \t]?\d{1,4}[A-Za-z]?(?![\p{L}\p{N}])${NOT_A_COUNT}`,
  "giu",
);
/** …and capitalised heads with a number or a capital letter ("Building C", "Engine 7", "Warehouse G"). */
const FACILITY_CAPITALISED = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:Station|Hangar|Warehouse|Dock|Building|Bldg\.?|Ward|Suite|Gate|Pier|Berth|Terminal|Depot|Wing|Annex|Yard|Lot|Engine|Truck|Floor|Bay)[ \t]{1,3}(?:#?[ \t]?\d{1,4}[A-Za-z]?|\p{Lu})(?![\p{L}\p{N}])${NOT_A_COUNT}`,
  "gu",
);

const STREET_SUFFIXES =
  "Street|St\\.?|Avenue|Ave\\.?|Road|Rd\\.?|Way|Boulevard|Blvd\\.?|Drive|Dr\\.?|Lane|Ln\\.?|Court|Ct\\.?|Place|Pl\\.?|Parkway|Pkwy\\.?|Highway|Hwy\\.?|" +
  "Plaza|Terrace|Ter\\.?|Circle|Cir\\.?|Loop|Pike|Trail|Trl\\.?|Square|Sq\\.?|Crossing|Row|Alley|Path|Commons|Expressway|Turnpike|Route|Rte\\.?";
/** A street word: capitalised ("Old", "Mill") or an ordinal ("14th"). */
const STREET_WORD = String.raw`(?:\p{Lu}[\p{L}'’-]{0,30}\.?|\d{1,3}(?:st|nd|rd|th))`;
/** "1400 Industrial Way", "22 N. Main St.", "6363 South 14th Street", "4410 County Road 12". */
const ADDRESS = new RegExp(
  String.raw`(?<![\p{L}\p{N}])\d{1,6}[ \t]{1,3}(?:[NSEW]\.?[ \t]{1,3})?(?:${STREET_WORD}[ \t]{1,3}){1,3}(?:${STREET_SUFFIXES})(?![\p{L}])(?:[ \t]{1,3}\d{1,4}(?![\p{L}\p{N}]))?`,
  "gu",
);
const PO_BOX = /(?<![\p{L}])P\.?[ \t]?O\.?[ \t]{1,3}Box[ \t]{1,3}\d{1,6}(?![\p{N}])/giu;

/** Replaces every identifier above: the number after an ID word, the whole designator or address. */
export function replaceShapedIdentifiers(text: string): string {
  return text
    .replace(ADDRESS, "[address]")
    .replace(PO_BOX, "[address]")
    .replace(ID_NUMBER, (_m, lead: string) => `${lead}[id]`)
    .replace(FACILITY_ANY_CASE, "[facility]")
    .replace(FACILITY_CAPITALISED, "[facility]");
}
