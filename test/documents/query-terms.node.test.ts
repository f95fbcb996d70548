import { describe, expect, it } from "vitest";
import { analyzeQuestion, anyConceptMatch, conceptIn, conceptWeightIn, DERIVED_WEIGHT, LEXICAL_WEIGHT, passageStems } from "../../worker/documents/query-terms";
import { answerShape } from "../../worker/documents/answer-shape";
import { ANSWER_FLOOR, conceptWeights, coverage, focus, reciprocalRankFusion } from "../../worker/documents/relevance";
import { sentencesOf } from "../../worker/documents/sentences";

const found = (question: string, text: string) => analyzeQuestion(question).map((c) => [c.text, conceptIn(c, passageStems(text))]);

describe("analyzeQuestion", () => {
  it("keeps topic words, drops common and framing words and possessives", () => {
    expect(analyzeQuestion("Where is the county's EOC located?").map((c) => c.text)).toEqual(["county", "EOC"]);
    expect(analyzeQuestion("Who handles hazmat spills?").map((c) => c.text)).toEqual(["hazmat", "spills"]);
  });

  it("matches inflections through the stem the index stores (staffs/staffing, evacuate/evacuation)", () => {
    expect(found("Who staffs the shelter?", "Staffing at the shelter is by the Red Cross.")).toEqual([
      ["staffs", true],
      ["shelter", true],
    ]);
    expect(found("When do we evacuate?", "Evacuation of Zone B begins at 26 ft.")).toEqual([["evacuate", true]]);
  });

  it("joins and splits compounds: floodplain meets flood plain both ways", () => {
    expect(found("homes in the floodplain", "Most homes lie in the flood plain.")).toEqual([
      ["homes", true],
      ["floodplain", true],
    ]);
    expect(found("homes in the flood plain", "Most homes lie in the floodplain.").every(([, hit]) => hit)).toBe(true);
  });

  it("keeps a designation whole: Condition I is not Condition II, Zone B is not Zone C", () => {
    const one = analyzeQuestion("What happens at Condition I?");
    expect(one.map((c) => c.text)).toEqual(["Condition I"]);
    expect(conceptIn(one[0]!, passageStems("Under Condition II the EOC activates."))).toBe(false);
    expect(conceptIn(one[0]!, passageStems("Under Condition I the EOC activates."))).toBe(true);
    expect(found("Who leaves first in zone B?", "Zone C leaves after Zone B.")).toEqual([
      ["leaves", true],
      ["first", false],
      ["zone B", true],
    ]);
  });

  it("uses the field's synonyms and acronyms", () => {
    expect(found("When do we open the EOC?", "The emergency operations center is activated at Level 2.")).toEqual([
      ["open", true],
      ["EOC", true],
    ]);
    expect(found("Who handles hazmat?", "Hazardous materials: Fire Rescue Team 7.")).toEqual([["hazmat", true]]);
  });

  it("understands general-English paraphrase from WordNet, counted below the question's own words", () => {
    expect(found("Which daycares are near the river?", "Day care centers along the river close first.")).toEqual([
      ["daycares", true],
      ["river", true],
    ]);
    expect(found("How many kids are enrolled?", "The children enrolled number 240.")).toEqual([
      ["kids", true],
      ["enrolled", true],
    ]);
    expect(found("Is it mandatory?", "Evacuation is compulsory below the dam.")).toEqual([["mandatory", true]]);
    const weights = conceptWeights(analyzeQuestion("Is it mandatory?"), [1], 50);
    expect(coverage(weights, "Evacuation is compulsory below the dam.")).toBeCloseTo(LEXICAL_WEIGHT);
    expect(coverage(weights, "Evacuation is mandatory below the dam.")).toBe(1);
    // Names are what they are: "Minor" the surname has no synonyms.
    expect(found("Who is Director Minor?", "The kid runs it.")).toEqual([
      ["Director", false],
      ["Minor", false],
    ]);
  });

  it("matches a word's relative in another part of speech, counted just below the word itself", () => {
    // Porter stems "users" as "user" and "use" as "us": the prefix alone never meets.
    expect(found("What number do wheelchair users call?", "Residents who use wheelchairs call the Access Line.")).toEqual([
      ["number", false],
      ["wheelchair", true],
      ["users", true],
      ["call", true],
    ]);
    expect(found("Who decides to evacuate?", "The decision to evacuate rests with the Chair.")).toEqual([
      ["decides", true],
      ["evacuate", true],
    ]);
    const weights = conceptWeights(analyzeQuestion("Where do ranchers go?"), [1], 50);
    expect(coverage(weights, "Ranch owners go to the fairgrounds.")).toBeCloseTo(DERIVED_WEIGHT);
    expect(coverage(weights, "Ranchers go to the fairgrounds.")).toBe(1);
    // A name has no relatives: "Decker" is not "deck".
    expect(found("Who is Chief Decker?", "The deck is closed.").every(([, hit]) => !hit)).toBe(true);
  });

  it("meets a three-letter word ending in s in its plural, which Porter stems apart", () => {
    expect(found("Can pets ride the bus?", "Pets ride evacuation buses in a carrier.").every(([, hit]) => hit)).toBe(true);
    expect(found("Who smells gas?", "Gases from the plant drift east.")[1]).toEqual(["gas", true]);
    expect(found("Who smells gas?", "The gauge reads 12.")[1]).toEqual(["gas", false]);
  });

  it("matches British and American spellings and the field's plan vocabulary", () => {
    expect(found("Where is the cooling centre?", "The cooling center opens at 95 degrees.").every(([, hit]) => hit)).toBe(true);
    expect(found("Who organises volunteers?", "The VRC organizes volunteers.").every(([, hit]) => hit)).toBe(true);
    expect(found("Who leads ESF 8?", "Public Health and Medical Services: the Health District.")[0]).toEqual(["ESF", true]);
    expect(found("Who prepares the MSEL?", "The Master Scenario Events List is prepared by the lead planner.").every(([, hit]) => hit)).toBe(true);
  });

  it("reads a phrasal verb as one concept met by the verb a plan writes, and counts it as phrasing", () => {
    expect(found("When can residents go back home?", "Residents may not return until the fire agency declares the area safe.")).toEqual([
      ["residents", true],
      ["go back", true],
      ["home", false],
    ]);
    expect(found("What do residents need to show to get back in?", "Re-entry is authorized by the Director.")[1]).toEqual(["get back", true]);
    expect(found("Who handles people who show up to help?", "Volunteers who arrive without affiliation go to the Volunteer Reception Center.")).toEqual([
      ["people", false],
      ["show up", true],
      ["help", false],
    ]);
    expect(found("How do we keep track of smoke?", "Public Health monitors smoke with eleven sensors.").every(([, hit]) => hit)).toBe(true);
    const goBack = analyzeQuestion("When can we go back?")[0]!;
    expect(goBack.describing).toBe(true);
    // "Put out a warning" is no fire put out: that pair is not listed.
    expect(analyzeQuestion("Who puts out the warning?").map((c) => c.text)).toEqual(["puts", "warning"]);
    // A particle is no topic, yet the pair still meets its joined form.
    expect(found("When do schools lock down?", "The lockdown order comes from the Sheriff.")).toEqual([
      ["schools", false],
      ["lock", true],
    ]);
    // Not across a sentence's end: "go? Back roads" is no "go back".
    expect(analyzeQuestion("Where do we go? Back roads?").map((c) => c.text)).toEqual(["Back", "roads"]);
    // Only a listed pair: "go" alone stays a framing word, and "back" after a word a particle.
    expect(analyzeQuestion("Where do we go first?").map((c) => c.text)).toEqual(["first"]);
    expect(analyzeQuestion("What happens when the power goes out?").map((c) => c.text)).toEqual(["power"]);
  });

  it("reads 'be back up', 'put off' and 'go down' as the verbs a plan writes for them", () => {
    expect(found("When will the phones be back up?", "Phone service is restored within four hours.")).toEqual([
      ["phones", true],
      ["be back", true],
    ]);
    expect(found("Can we put off the audit?", "The audit may be deferred to the next quarter.")).toEqual([
      ["put off", true],
      ["audit", true],
    ]);
    expect(found("What if the radio system goes down?", "If the radio system fails, dispatch switches to the state network.")).toEqual([
      ["radio", true],
      ["system", true],
      ["goes down", true],
    ]);
    // "Is back up" is no service restored: two particles after a word that is not their verb are the noun "backup".
    expect(found("Who is back up for the PIO?", "The backup PIO is the Deputy Director.")).toEqual([
      ["back up", true],
      ["PIO", true],
    ]);
    expect(found("Where is the back up generator?", "An alternate generator is in the basement.")).toEqual([
      ["back up", true],
      ["generator", true],
    ]);
  });

  it("meets a noun made of a verb and its particle in the verb a plan writes, just below the word", () => {
    const backups = analyzeQuestion("How long do we keep the backups?")[1]!;
    expect(backups.text).toBe("backups");
    expect(conceptWeightIn(backups, passageStems("Payroll data is backed up nightly."))).toBe(DERIVED_WEIGHT);
    expect(conceptWeightIn(backups, passageStems("Backups are kept offsite."))).toBe(1);
    expect(found("When is the lockdown lifted?", "Schools are locked down by the Sheriff.")[0]).toEqual(["lockdown", true]);
  });

  it("asks whom to notify with 'tell', but 'tell me about' only frames the question", () => {
    expect(found("Who do we tell about a spill?", "The duty officer notifies the state warning point of any spill.")).toEqual([
      ["tell", true],
      ["spill", true],
    ]);
    expect(found("Who do we tell?", "The duty officer notifies the state warning point.")).toEqual([["tell", true]]);
    expect(analyzeQuestion("Tell me about the flood annex").map((c) => c.text)).toEqual(["flood", "annex"]);
    expect(analyzeQuestion("Can you tell us what stuff goes in a go-kit?").map((c) => c.text)).toEqual(["go-kit"]);
  });

  it("meets a verb in its irregular past, which Porter does not stem to it ('keep' → 'kept', 'held' → 'hold')", () => {
    expect(found("How long do we keep payroll records?", "Payroll records are kept for seven years.").every(([, hit]) => hit)).toBe(true);
    expect(found("Where was the drill held?", "We hold the drill at the fairgrounds.").every(([, hit]) => hit)).toBe(true);
    // Exactly: "sent" is not "sentence"; and a noun in "-ing" is no verb ("building" is not "built").
    expect(found("Who sends the alert?", "A sentence of the alert is translated.")).toEqual([
      ["sends", false],
      ["alert", true],
    ]);
    expect(found("Which building?", "The shelter was built in 1990.")).toEqual([["building", false]]);
    // A past that is also an everyday word is not listed: "left" is a side, not only "leave".
    expect(found("When do residents leave?", "Turn left at the school.")).toEqual([
      ["residents", false],
      ["leave", false],
    ]);
  });

  it("meets 'non-essential' in the passage about what is essential, as a paraphrase", () => {
    const nonEssential = analyzeQuestion("When do non-essential staff go home?")[0]!;
    expect(nonEssential.text).toBe("non-essential");
    expect(conceptWeightIn(nonEssential, passageStems("Essential staff remain on site."))).toBe(LEXICAL_WEIGHT);
    expect(conceptWeightIn(nonEssential, passageStems("Non-essential staff are released."))).toBe(1);
  });

  it("knows a drill as an exercise, an MCI as a mass casualty incident and loved ones as relatives, and 'worst' as framing", () => {
    expect(found("How often is the mass casualty drill?", "A full-scale MCI exercise is held every two years.")).toEqual([
      ["mass", true],
      ["casualty", true],
      ["drill", true],
    ]);
    expect(found("Where do we tell loved ones?", "Relatives are told at the Family Assistance Center.").every(([, hit]) => hit)).toBe(true);
    expect(analyzeQuestion("Which hospital takes the worst trauma cases?").map((c) => c.text)).toEqual(["hospital", "trauma", "cases"]);
  });

  it("knows continuity and cyber terms in a planner's words (FEMA's continuity guidance: essential functions, alternate facility)", () => {
    expect(found("Which critical services come first?", "Essential functions resume within 12 hours.")[0]).toEqual(["critical", true]);
    expect(found("Where is the backup office?", "Departments relocate to the alternate facility.").every(([, hit]) => hit)).toBe(true);
    expect(
      found("Who runs the dispatch center?", "The public safety answering point is run by the Sheriff.")
        .slice(1)
        .every(([, hit]) => hit),
    ).toBe(true);
    expect(found("I clicked a bad link", "Report any phishing message to the service desk.").some(([, hit]) => hit)).toBe(true);
    expect(found("Do we pay hackers?", "The county does not pay ransom to cyber criminals.").every(([, hit]) => hit)).toBe(true);
  });

  it("drops particles, conjunctions, pronouns and 'how fast' as framing, never as topics", () => {
    expect(analyzeQuestion("Where do people without a car catch a ride out?").map((c) => c.text)).toEqual(["people", "without", "car", "catch", "ride"]);
    expect(analyzeQuestion("When do kids stop playing outside because of smoke?").map((c) => c.text)).not.toContain("because");
    expect(analyzeQuestion("How fast do we get pills to everyone?").map((c) => c.text)).toEqual(["pills"]);
    expect(analyzeQuestion("Can the county clean up junk on someone's land?").map((c) => c.text)).toEqual(["county", "clean up", "junk", "land"]);
  });

  it("meets a kind the planner names in the class a plan names (FEMA's household pets, USDA's livestock), one way", () => {
    expect(found("Can evacuees take their cats and dogs on the bus?", "Household pets travel on evacuation buses in a carrier.")).toEqual([
      ["evacuees", true],
      ["cats", true],
      ["dogs", true],
      ["bus", true],
    ]);
    expect(found("Where do horses go?", "Livestock owners are directed to the Fairgrounds.")).toEqual([["horses", true]]);
    expect(found("Where do horses go?", "Large animals go to the Fairgrounds.")).toEqual([["horses", true]]);
    // A question about pets is not answered by a line that mentions a dog.
    expect(found("Where do pets go?", "A police dog team searches the site.")).toEqual([["pets", false]]);
    // Service animals are not pets in law.
    expect(found("Are service dogs allowed?", "Household pets stay in the pet wing.")[1]).toEqual(["dogs", false]);
  });

  it("meets a word in '-ee' in its root's relatives, which Porter stems apart ('evacuees' → evacuation), just below the word", () => {
    expect(found("Where do evacuees register?", "Evacuation centers register arrivals.")).toEqual([
      ["evacuees", true],
      ["register", true],
    ]);
    const evacuees = analyzeQuestion("Where do evacuees sleep?")[0]!;
    expect(conceptWeightIn(evacuees, passageStems("Evacuation shelters open at noon."))).toBe(DERIVED_WEIGHT);
    expect(conceptWeightIn(evacuees, passageStems("Evacuees sleep at the high school."))).toBe(1);
    // Only the nouns of a verb: a degree is not degraded.
    expect(found("How many degrees?", "The signal degraded.")).toEqual([["degrees", false]]);
  });

  it("gives an agent in '-tor' no British '-our' spelling ('inspectour' is no word)", () => {
    const forms = analyzeQuestion("Who are the inspectors?")[0]!.forms.map((f) => f.words.join(" "));
    expect(forms.some((w) => w.includes("our"))).toBe(false);
    expect(found("Who is the harbor master?", "The harbour master closes the port.")[0]).toEqual(["harbor", true]);
  });

  it("marks numbers, codes and names as specific, and matches numbers exactly", () => {
    const concepts = analyzeQuestion("Is the crest at FNKL1 above 18 ft for Greywell?");
    expect(concepts.filter((c) => c.specific).map((c) => c.text)).toEqual(["FNKL1", "18", "Greywell"]);
    const eighteen = concepts.find((c) => c.text === "18")!;
    expect(conceptIn(eighteen, passageStems("The crest reached 180 ft"))).toBe(false);
    expect(conceptIn(eighteen, passageStems("Flood stage is 18 ft"))).toBe(true);
  });

  it("builds an FTS5 query in which nothing the planner typed is syntax", () => {
    const match = anyConceptMatch(analyzeQuestion('levee" OR NEAR(x) * AND "breach'))!;
    // Outside the quoted strings there is only our own syntax: OR, parentheses and prefix stars.
    expect(match.replace(/"[^"]*"/g, "")).toMatch(/^(?:\s|OR|\(|\)|\*)*$/);
    expect(match).toContain('"breach"*');
    expect(anyConceptMatch(analyzeQuestion("?!"))).toBeNull();
  });
});

describe("relevance", () => {
  const concepts = analyzeQuestion("What is the county's annual budget for emergency management?");

  it("weighs a concept the library never mentions above one found everywhere", () => {
    const weights = conceptWeights(concepts, [40, 0, 0, 38, 3], 40);
    const weightOf = (text: string) => weights.find((w) => w.concept.text === text)!.weight;
    expect(weightOf("budget")).toBeGreaterThan(weightOf("management"));
    expect(weightOf("management")).toBeGreaterThan(weightOf("county"));
  });

  it("keeps a passage with only the common words under the answer floor", () => {
    const weights = conceptWeights(concepts, [40, 0, 0, 38, 3], 40);
    expect(coverage(weights, "The county emergency management office coordinates the response.")).toBeLessThan(ANSWER_FLOOR);
    expect(coverage(weights, "The county's annual emergency management budget is $2.1 million.")).toBe(1);
  });

  it("weighs a verb no passage holds as the planner's phrasing, a noun no passage holds as a missing topic", () => {
    const phrased = analyzeQuestion("Where do residents stay during a blackout?");
    expect(phrased.map((c) => [c.text, c.describing === true])).toEqual([
      ["residents", false],
      ["stay", true],
      ["blackout", false],
    ]);
    expect(analyzeQuestion("How much salt have we stockpiled for the roads?").map((c) => [c.text, c.describing === true])).toEqual([
      ["salt", false],
      ["stockpiled", true],
      ["roads", false],
    ]);
    const passage = "During a blackout, residents shelter at the Exhibition Hall.";
    expect(coverage(conceptWeights(phrased, [20, 0, 8], 60), passage)).toBeGreaterThanOrEqual(ANSWER_FLOOR);
    // Nouns shaped like participles are nouns: a missing "watershed" is a missing topic.
    expect(analyzeQuestion("Who manages the watershed?").map((c) => [c.text, c.describing === true])).toEqual([
      ["manages", true],
      ["watershed", false],
    ]);
    const missing = analyzeQuestion("Where do residents stay during a tsunami?");
    expect(coverage(conceptWeights(missing, [20, 0, 0], 60), passage)).toBeLessThan(ANSWER_FLOOR);
  });

  it("fuses rankings by reciprocal rank: agreement beats one first place", () => {
    const fused = reciprocalRankFusion([
      { ids: ["a", "b", "c"], weight: 1 },
      { ids: ["b", "c", "a"], weight: 1 },
    ]);
    expect([...fused.entries()].sort((x, y) => y[1] - x[1]).map(([id]) => id)).toEqual(["b", "a", "c"]);
  });

  it("weighs a ranking by its weight: a heavier list's first place beats agreement", () => {
    const fused = reciprocalRankFusion([
      { ids: ["a", "b", "c"], weight: 3 },
      { ids: ["b", "c", "a"], weight: 1 },
    ]);
    expect([...fused.entries()].sort((x, y) => y[1] - x[1]).map(([id]) => id)).toEqual(["a", "b", "c"]);
  });
});

describe("focus: where the question's words meet, as an answer does", () => {
  const question = "How long does the regional hazmat team take to arrive?";
  const weights = conceptWeights(analyzeQuestion(question), [2, 2, 2, 1], 60);
  const score = (text: string) => focus(weights, sentencesOf(text), answerShape(question));

  it("ranks the passage whose sentence holds the words and a duration over one that scatters them", () => {
    const answers = "Annex K › Response\nThe regional hazmat team, based in Marlow City, responds on request. Its expected arrival time is 55 minutes.";
    const scattered = "Annex K › Training\nThe regional training calendar is set each spring. A hazmat course is offered. Team leaders arrive early to set up.";
    // Both hold every concept somewhere: coverage cannot tell them apart, focus can.
    expect(coverage(weights, answers)).toBe(coverage(weights, scattered));
    expect(score(answers)).toBeGreaterThan(score(scattered));
  });

  it("counts a heading's words for the sentences under it, and never scores the heading itself", () => {
    const underHeading = "Regional Hazmat Team\nThe team is expected on scene within 55 minutes of a request.";
    const headingOnly = "Regional Hazmat Team arrival\nThe county fleet is serviced each spring.";
    expect(score(underHeading)).toBeGreaterThan(score(headingOnly));
    expect(score(headingOnly)).toBe(0);
    // A paged document's context line ends "(page 4)": still a heading, not a sentence.
    expect(score("Regional Hazmat Team arrival (page 4)\nThe county fleet is serviced each spring.")).toBe(0);
  });
});
