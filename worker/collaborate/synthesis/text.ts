import { stem } from "../../documents/query-terms";

/**
 * Word-level helpers shared by the anonymiser (which must know ordinary words, so it does not
 * mistake them for misspelt names) and the extractive analysis (which clusters answers by their
 * content words). Pure.
 */

/** Words that carry no topic in an interview answer. */
export const STOPWORDS = new Set(
  (
    "a about above after again against all also am an and any are aren't as at be because been before being below between both but by " +
    "can can't cannot could couldn't did didn't do does doesn't doing don't down during each even ever every few for from further get gets " +
    "got had hadn't has hasn't have haven't having he her here hers herself him himself his how i i'm i've if in into is isn't it it's its " +
    "itself just let's like lot lots me more most much must my myself no nor not now of off on once one only or other ought our ours " +
    "ourselves out over own per quite rather really same she should shouldn't so some still such than that that's the their theirs them " +
    "themselves then there there's these they they're this those through to too under until up upon us very via was wasn't we we're " +
    "we've well were weren't what what's when where which while who whom why will with within without won't would wouldn't yes yet you " +
    "your yours yourself also already always often sometimes usually maybe perhaps probably think thought feel know knew say said says " +
    "make makes made use used using want wanted need needs needed go going gone come came take taken thing things way ways time times " +
    "year years day days week weeks month months right left last next first second third new old good great big small many several " +
    "including include includes example etc e.g i.e because since though although however therefore otherwise especially particularly " +
    "honestly frankly basically actually currently recently mostly mainly both either neither whether anything everything something " +
    "nothing anyone everyone someone none people part able around across along among ago back best better enough less least"
  ).split(/\s+/),
);

/**
 * Ordinary English and emergency-management words: never treated as a misspelt name or as a
 * person's name after a title, however close they are to one ("river" is one letter from
 * "Rivera"). The campaign's own text is added per campaign.
 */
export const COMMON_WORDS = new Set([
  ...STOPWORDS,
  ...(
    "agency agencies plan plans planning response respond responder responders emergency emergencies management manager managers " +
    "incident incidents command commander exercise exercises drill drills training trained train staff staffing volunteer volunteers " +
    "shelter shelters sheltering evacuation evacuate evacuated evacuations route routes road roads bridge bridges traffic transport " +
    "transportation bus buses vehicle vehicles fuel generator generators power outage outages electric electricity grid utility utilities " +
    "water wastewater pump pumps pipe pipes flood floods flooding flooded river rivers rain storm storms hurricane tornado wildfire fire " +
    "fires smoke heat cold winter snow ice earthquake quake chemical hazmat spill release radiological cyber ransomware attack threat " +
    "threats hazard hazards risk risks warning warnings alert alerts alerting message messages messaging siren sirens radio radios " +
    "phone phones cell network networks internet system systems data dispatch dispatcher dispatchers call calls line lines channel " +
    "channels interoperability interoperable communication communications public information media social press rumor rumors language " +
    "languages translation spanish english hospital hospitals clinic clinics patient patients bed beds surge medical medicine nurse " +
    "nurses doctor doctors ambulance ambulances ems paramedic paramedics health healthcare care mass search rescue law enforcement police " +
    "sheriff deputy deputies security school schools student students parent parents teacher teachers reunification child children family " +
    "families elderly senior seniors nursing home homes residents resident community communities neighborhood neighborhoods county city " +
    "town village state federal local regional region district department office center centre eoc ics nims mutual aid agreement " +
    "agreements resource resources supply supplies logistics food meal meals cot cots blanket blankets pet pets animal animals debris " +
    "damage assessment assessments recovery housing business businesses economic economy cost costs funding budget grant grants money " +
    "gap gaps shortage shortages lack lacking short limited insufficient inadequate adequate sufficient concern concerns concerned worry " +
    "worried problem problems issue issues challenge challenges capacity capability capabilities coordination coordinate coordinated " +
    "partner partners partnership team teams crew crews shift shifts hour hours minute minutes day night weekend holiday contact contacts " +
    "list lists roster rosters phone tree backup backups redundancy redundant test tested testing update updated outdated current " +
    "procedure procedures protocol protocols policy policies checklist checklists annex annexes map maps gis report reports reporting " +
    "situation awareness assessment decision decisions leadership leader leaders director chief captain officer officers coordinator " +
    "supervisor supervisors commissioner mayor council board members member role roles responsibility responsibilities lead support " +
    "private sector nonprofit church churches faith volunteer red cross salvation army national guard weather service forecast forecasts " +
    "access accessible disability disabilities functional needs wheelchair oxygen dialysis medication medications pharmacy vaccine " +
    "vaccination outbreak disease infection isolation quarantine testing lab laboratory morgue fatality fatalities victims injured " +
    "injury injuries casualty casualties triage decontamination decon ppe equipment gear truck trucks engine engines tanker tankers " +
    "helicopter boat boats high ground low lying area areas zone zones site sites location locations building buildings facility " +
    "facilities structure structures infrastructure critical key main major minor serious severe large larger smaller long short " +
    "quick quickly slow slowly fast early late soon rural urban remote east west north south northern southern eastern western " +
    "upper lower valley hill hills creek lake coast coastal island mountain park parks street streets avenue highway interstate " +
    "airport port rail railroad train trains camp center shelter stadium gym church library hall fairgrounds mall store stores " +
    "grocery gas station stations tower towers repeater repeaters satellite backup rely relies relied depend depends dependent " +
    "worked works working work job jobs function functions operate operates operating operation operations tabletop scenario " +
    "objective objectives inject injects question questions answer answers idea ideas propose proposed suggestion suggest lesson " +
    "lessons learned after action review improvement corrective actions action actions unclear clear confusion confused slow delayed " +
    "delay delays failed fail failure fails broke broken down went go worked well poorly strong weak solid reliable unreliable robust " +
    "confident ready prepared unprepared overwhelmed understaffed stretched thin behind ahead top bottom middle whole entire full empty " +
    "half most single double only another same different various multiple everyone nobody somebody person persons people human humans " +
    "sent send sending received forwarded replied wrote written attached mobile iphone android outlook device " +
    "respondent respondents organization organizations official officials role unaffiliated email link handle signature redacted"
  ).split(/\s+/),
]);

/** Placeholders the anonymiser writes: never content words in the analysis. */
const PLACEHOLDER_WORDS = new Set([
  "respondent",
  "agency",
  "person",
  "organization",
  "email",
  "phone",
  "link",
  "role",
  "official",
  "handle",
  "redacted",
  "signature",
]);

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/** The words of a text as typed (possessive "'s" dropped). */
export function words(text: string): string[] {
  return (text.match(WORD) ?? []).map((w) => w.replace(/['’]s$/iu, ""));
}

/** Sentences (and lines: answers are often lists), trimmed, empty ones dropped. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/u)
    .map((s) => s.replace(/^[\s•*\-–—]+/u, "").trim())
    .filter((s) => s.length > 0);
}

/** The content stems of a text: lower-cased, stop-words, placeholders, numbers and short words removed. */
export function contentStems(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    const lower = w.toLowerCase();
    if (lower.length < 3 || STOPWORDS.has(lower) || PLACEHOLDER_WORDS.has(lower) || /^\p{N}+$/u.test(lower) || /^[a-z]$/u.test(lower)) continue;
    out.push(stem(lower));
  }
  return out;
}

/** Whether two words are at most one edit apart (insert, delete, substitute, or swap two neighbours). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  if (la === lb) {
    let first = -1;
    let diffs = 0;
    for (let i = 0; i < la; i++) {
      if (a[i] !== b[i]) {
        if (diffs === 0) first = i;
        diffs++;
        if (diffs > 2) return false;
      }
    }
    if (diffs <= 1) return true;
    // Two differences: only a swap of neighbours counts as one edit.
    return a[first] === b[first + 1] && a[first + 1] === b[first] && a.slice(first + 2) === b.slice(first + 2);
  }
  const [s, l] = la < lb ? [a, b] : [b, a];
  let i = 0;
  while (i < s.length && s[i] === l[i]) i++;
  return s.slice(i) === l.slice(i + 1);
}

/** "shelter capacity" → "Shelter capacity". */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a, b and c". */
export function listPhrase(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

export { stem };

/**
 * Words a contributor uses to say they have nothing (more) to add: "No, nothing else", "N/A",
 * "None at this time", "That's all, thanks". An answer made of these words only carries no topic:
 * it is never a proposal, a theme or an objective.
 */
const NON_ANSWER_WORDS = new Set(
  (
    "no nope nah none nothing else more n a na not applicable really sure thanks thank you that that's thats s is it all i i'm im " +
    "think can at this the time moment further to add for now comment comments nil other than from me my side good fine ok okay " +
    "anything idk don't dont know currently sorry"
  ).split(/\s+/),
);
/** At most this many words: a longer answer made of these words is still saying something. */
const NON_ANSWER_MAX_WORDS = 10;

export function isNonAnswer(text: string): boolean {
  const ws = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}'’/]+/u)
    .flatMap((w) => (w === "n/a" ? ["na"] : w.split("/")))
    .map((w) => w.replace(/’/gu, "'"))
    .filter((w) => w.length > 0);
  return ws.length <= NON_ANSWER_MAX_WORDS && ws.every((w) => NON_ANSWER_WORDS.has(w));
}
