/**
 * Vocabulary of the anonymiser's detectors: titles that precede a person's name, words that close
 * a message before a signature, the tail words of an organisation's name, and common given names
 * (a capitalised given name followed by a surname is a person even with no title). Ordinary words
 * that are also given names (Will, May, Grace, Bill…) are left out: replacing every "will" would
 * destroy answers, and a contributor's own such name is caught from their identity instead.
 */

/** Titles before a name ("Chief Okafor", "Dr. Raman", "Sheriff Tom Becker"); longest first. */
export const TITLES = [
  "fire chief",
  "battalion chief",
  "deputy chief",
  "assistant chief",
  "police chief",
  "division chief",
  "chief",
  "captain",
  "capt.",
  "capt",
  "lieutenant",
  "lt.",
  "lt",
  "sergeant",
  "sgt.",
  "sgt",
  "corporal",
  "cpl.",
  "doctor",
  "dr.",
  "dr",
  "director",
  "mr.",
  "mr",
  "mrs.",
  "mrs",
  "ms.",
  "ms",
  "miss",
  "mx.",
  "undersheriff",
  "sheriff",
  "commissioner",
  "deputy",
  "mayor",
  "judge",
  "superintendent",
  "principal",
  "coordinator",
  "supervisor",
  "councilmember",
  "councilman",
  "councilwoman",
  "council member",
  "senator",
  "representative",
  "rep.",
  "major",
  "colonel",
  "col.",
  "professor",
  "prof.",
  "nurse",
  "fire marshal",
  "marshal",
  "officer",
  "trooper",
  "agent",
  "manager",
  "administrator",
  "pastor",
  "reverend",
  "rev.",
  "father",
  "chaplain",
  "inspector",
  "detective",
  "det.",
  "warden",
  "ranger",
  "dispatcher",
  "engineer",
  "planner",
  "specialist",
];

/** Words that close a message; a short tail after one is a signature block. */
export const CLOSINGS = [
  "many thanks",
  "thanks again",
  "thanks",
  "thank you",
  "thx",
  "best regards",
  "kind regards",
  "warm regards",
  "warmest regards",
  "regards",
  "best wishes",
  "all the best",
  "best",
  "cheers",
  "sincerely",
  "respectfully submitted",
  "respectfully",
  "v/r",
  "vr",
  "stay safe",
  "take care",
  "signed",
];

/** Last words of an organisation's name ("… Fire Department", "… Water Authority", "… Inc"). */
export const ORG_SUFFIXES = [
  "Department",
  "Dept.",
  "Dept",
  "County",
  "Agency",
  "Office",
  "Hospital",
  "District",
  "Authority",
  "Inc.",
  "Inc",
  "LLC",
  "L.L.C.",
  "Co.",
  "Corp.",
  "Corp",
  "Corporation",
  "Company",
  "School",
  "Schools",
  "Academy",
  "College",
  "University",
  "Center",
  "Centre",
  "Council",
  "Commission",
  "Bureau",
  "Services",
  "Service",
  "Cooperative",
  "Co-op",
  "Association",
  "Society",
  "Church",
  "Clinic",
  "Board",
  "Utilities",
  "Utility",
  "Electric",
  "Power",
  "Water",
  "Foundation",
  "Ministries",
  "Partners",
  "Group",
  "Logistics",
  "Health",
  "Medical",
  "Transit",
  "Coalition",
  "Network",
  "Alliance",
  "Trust",
  "Institute",
  "Laboratory",
  "Ltd",
  "Ltd.",
  "Division",
  "Unit",
  "Squad",
  "Parish",
  "Township",
  "Telecom",
  "Communications",
  "Towing",
  "Airport",
  "League",
  "Apartments",
  "Freight",
  "Trucking",
  "Marine",
  "Industries",
  "Construction",
  "Farms",
  "Pharmacy",
  "Hotel",
  "Grocery",
  "Market",
  "Airlines",
  "Railroad",
  "Railway",
  "Rescue",
  "Ambulance",
];

/** Heads of "X of Y" names ("Department of Public Health", "Office of Emergency Management"). */
export const ORG_HEADS = [
  "Department",
  "Office",
  "Bureau",
  "Board",
  "Division",
  "Ministry",
  "Commission",
  "Council",
  "Agency",
  "University",
  "College",
  "Church",
  "Society",
  "Sisters",
  "Diocese",
];

/**
 * Words an organisation's name shares with every other organisation: a name made only of these
 * ("the County Health Department", "National Weather Service") names a kind of body, not one
 * contributor's employer, so it stays.
 */
export const ORG_GENERIC = new Set(
  (
    "the of for and & at de la county city state town village regional national federal american united states us u.s. interagency " +
    "public health fire rescue police sheriff's sheriff emergency management medical services service department dept dept. office " +
    "agency authority district school schools unified independent community center centre hospital clinic board council commission " +
    "bureau division unit water power electric utility utilities transit transportation works highway roads general memorial " +
    "mental behavioral human social housing family children's senior aging disability affairs safety security homeland weather guard " +
    "coast army salvation red cross volunteer volunteers fire-rescue ems amateur radio communications information technology " +
    "cooperative association society institute laboratory partners group network alliance coalition foundation inc inc. llc co. corp " +
    "corp. corporation company ltd ltd. north south east west northern southern eastern western central metro metropolitan area " +
    "valley tri-county university college academy church ministries trust logistics telecom parish township squad " +
    // Kinds of body and common qualifiers: "the Emergency Operations Center", "our Rural Fire Department".
    "rural local nearby neighboring neighbouring municipal private main primary volunteer statewide tribal operations operation " +
    "coordination command incident joint dispatch mutual aid assistance response relief shelter food bank pantry planning " +
    "preparedness resilience recovery control animal environmental protection natural resources conservation parks recreation " +
    "library economic development faith based nursing home care assisted living facility facilities treatment plant wastewater " +
    "waste gas light telephone cellular hazmat team station stations fusion crisis poison children's women's veterans " +
    "airport league apartments towing freight trucking marine industries construction farms pharmacy hotel grocery market " +
    "airlines railroad railway ambulance"
  ).split(/\s+/),
);

/** Bodies every partner works with: naming them identifies no one. */
export const WELL_KNOWN_ORGS = [
  "American Red Cross",
  "Red Cross",
  "Salvation Army",
  "FEMA",
  "National Weather Service",
  "NWS",
  "National Guard",
  "Coast Guard",
  "CDC",
  "EPA",
  "DHS",
  "HHS",
  "CISA",
  "NOAA",
  "USGS",
  "FCC",
  "FAA",
  "NTSB",
  "VOAD",
  "CERT",
  "ARES",
  "RACES",
  "Team Rubicon",
  "United Way",
  "Catholic Charities",
  "Southern Baptist Disaster Relief",
];

/** Common given names (lower case, without accents). Ordinary words that are also names are left out on purpose. */
export const FIRST_NAMES = new Set(
  (
    "aaron abigail adam adriana ahmed aisha alan albert alejandro alex alexander alexandra alice alicia alison amanda amber amy ana andrea " +
    "andrew angela anita ann anna anne anneliese anthony antonio ashley barbara benedikt benjamin beth betty beverly brandon brenda brian " +
    "brittany bruce bryan caleb carl carla carlos carmen carol caroline carolyn casimir catherine charles cheryl chris christina christine " +
    "christopher cindy claire claudia cody colleen connor craig cynthia dana daniel danielle darius darren david deborah debra denise derek " +
    "desmond diana diane dmitri donald donna doris dorothy douglas dylan edward eileen elena elizabeth ellen emily emma eric erica erin " +
    "esther ethan eugene evan evelyn ezequiel fatima felicia fenella fernando fiona francisco gabriel gabriela gary gerald gloria gregory " +
    "hannah harold heather helen henry hiroshi howard imogen ingrid irene isaac isabel jacob jacqueline james jamie janet janice jared " +
    "jasmine jason javier jeffrey jennifer jeremy jerome jessica jesus joan joanne joel john jonathan jorge jose joseph joshua joyce juan " +
    "judith julia julie justin karen katherine kathleen kathryn kayla keisha keith kelly kenneth kevin kimberly kristen kwame kyle laura " +
    "lauren leopold leslie linda lisa lori louis lucas lucinda luis madison marcus margaret marguerite maria marie marilyn marisol " +
    "marissa martha martin mary mateo matthew megan melissa michael michelle miguel monica nancy natalie nathan ngozi nicholas nicole " +
    "noah oksana olivia omar oscar pamela patricia patrick paul paula peter philip priya rachel rafael ramon raymond rebecca regina " +
    "richard robert roberto rosalind ruth ryan samantha samuel sandra sara sarah scott sean sharon shirley siobhan soren stephanie " +
    "stephen steven susan tamara tamsin teresa thaddeus theresa thomas timothy tobias todd tom tony tracy tyler valerie vanessa " +
    "victor victoria vincent walter wendy wilhelmina william yolanda yusuf zachary " +
    "abdul adebayo aditya ahmad akira alejandra aliyah amara amir andres anjali arjun ayesha bao carlos chen chidi chinonso chloe " +
    "cristina darnell deandre deepak diego dmitry dolores ebony elijah emeka enrique esperanza farah fernanda giovanni guadalupe " +
    "hamid hassan hector hyun ibrahim ifeoma ivan jada jamal jasmin jin juanita kai kamala kenji keshawn khalid kiara lakisha " +
    "lamar latoya liam lucia luciana malik manuel mariana marisa mei mohammed mohamed muhammad nadia naveen nkechi nneka olga " +
    "olumide pablo pedro rahul rashid raul rosa rosario sakura salvador santiago sanjay shanice shaniqua sunita tariq terrell " +
    "thanh tyrone valentina wei xavier ximena yasmin yuki yusra zainab zhang " +
    // Written with accents or letters of their own (matched folded: "Łukasz" is "lukasz").
    "lukasz piotr tomasz wojciech krzysztof malgorzata agnieszka katarzyna bjorn zoe renee ines noemi chloe jurgen francois helene"
  ).split(/\s+/),
);
