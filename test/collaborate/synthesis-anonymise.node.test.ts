import { describe, expect, it, vi } from "vitest";
import { countLeaks } from "../../worker/collaborate/synthesis/adversarial";
import { anonymise, type ContributorInput, type SynthesisCampaign } from "../../worker/collaborate/synthesis/engine";

const campaign: SynthesisCampaign = {
  id: "c1",
  name: "Alder River flood",
  purpose: "generate-findings",
  hazard: "Riverine flooding",
  scenario: "The Alder River floods Alder Flats after three days of rain.",
  capabilities: ["Mass Care Services"],
  questions: ["Who do you rely on?"],
  language: "en",
};

const none: ContributorInput["proposals"] = { injects: [], questions: [], objectives: [] };

function contributor(id: string, identity: Partial<ContributorInput["identity"]>, answers: string[], proposals = none): ContributorInput {
  return {
    id,
    identity: { fullName: null, email: `${id}@example.org`, organization: null, role: null, ...identity },
    answers: answers.map((answer, i) => ({ key: i === 0 ? "role" : `q${i}`, phase: 1, question: `Question ${i}`, answer })),
    proposals,
  };
}

const dana = () =>
  contributor(
    "u-dana",
    { fullName: "Dana Whitfield", email: "dana.whitfield@fennickfire.gov", organization: "Fennick County Fire Department", role: "Fire Chief" },
    [
      "I'm the Fire Chief at the Fennick County Fire Department (FCFD); the FCFD's engines cover Alder Flats.",
      "dana whitfield here. Whitfeld's crews and D. Whitfield's deputies staff the shelter. Whitfields know the river.",
      "Call (555) 201-3344, 555.201.3345, +1 555 201 3346, +44 20 7946 0958 or 5552013347 ext. 12. E-mail dana.whitfield@fennickfire.gov or dana dot whitfield at fennickfire dot gov, or dana [at] fennickfire [dot] gov.",
      "Bio: https://fennickfire.gov/staff/dana-whitfield and www.linkedin.com/in/danawhitfield; @danawhit on social media; fennickfire.gov has our plans.",
      "Chief Okonkwo of the Marrowby Water Authority (MWA) runs the pumps; Dr. Priya Raman at St. Mary's Hospital handles surge. The MWA's generators are old. Sheriff Tom Becker closes roads. Later okonkwo and becker agreed.",
      "I spoke with Ngozi Haldane about Halvorsen Logistics Inc deliveries.",
      "Shelter capacity is not enough.\n\nRegards,\nDana Whitfield\nFire Chief, FCFD\n(555) 201-3344",
    ],
    { injects: ["Sheriff Tom Becker reports the bridge closed"], questions: ["Can the MWA keep pressure?"], objectives: ["Validate the FCFD shelter plan"] },
  );

const SECRETS = [
  "Dana Whitfield",
  "Dana",
  "Whitfield",
  "Whitfeld",
  "Whitfields",
  "dana.whitfield@fennickfire.gov",
  "fennickfire",
  "fennickfire.gov",
  "Fennick County Fire Department",
  "FCFD",
  "Fire Chief",
  "201-3344",
  "201.3345",
  "201 3346",
  "7946 0958",
  "5552013347",
  "danawhit",
  "danawhitfield",
  "dana-whitfield",
  "Okonkwo",
  "Marrowby Water Authority",
  "MWA",
  "Priya Raman",
  "Priya",
  "Raman",
  "St. Mary's Hospital",
  "Tom Becker",
  "Becker",
  "Ngozi Haldane",
  "Haldane",
  "Ngozi",
  "Halvorsen Logistics Inc",
  "Halvorsen",
];

describe("anonymise", () => {
  it("removes every planted kind of identifier: names (lower case, misspelt, possessive, initials), contacts, URLs, organisations and acronyms, titled and signed names", () => {
    const anon = anonymise(campaign, [dana()]);
    const leaks = countLeaks(anon.anonymized, SECRETS);
    expect(leaks.examples).toEqual([]);
    const text = JSON.stringify(anon.anonymized);
    expect(text).toContain("Respondent 1's crews");
    expect(text).toContain("Chief Person");
    expect(text).toContain("[phone 1]");
    expect(text).toContain("[email");
    expect(text).toContain("[link]");
    expect(text).toContain("[handle]");
    expect(text).toContain("[fire service official]");
    expect(anon.anonymized.contributions[0]!.agency).toBe("Agency A");
    expect(text).toContain("Agency A's engines");
  });

  it("keeps ordinary content: places, capability words, dates, counts, well-known and generic bodies, a sentence starting with 'Best'", () => {
    const answer =
      "Best practice is to open the Alder Flats shelter early. The river rose 2019-2021 and on 2024-03-15 we sheltered 300 people. " +
      "The County Health Department, FEMA and the American Red Cross helped with mass care, evacuation and public warning. Roads closed near Route 9. " +
      "The Emergency Operations Center, our Rural Fire Department and the local Food Bank stayed open; the river gauge read 18.5 ft at 14:30.";
    const anon = anonymise(campaign, [contributor("u1", { fullName: "Kwame Nakamura", organization: "Quillan EMS" }, [answer])]);
    expect(anon.anonymized.contributions[0]!.answers[0]!.answer).toBe(answer);
  });

  it("cuts signature blocks without taking their words for names, and splits two organisations joined by 'and'", () => {
    const anon = anonymise(campaign, [
      contributor("u1", {}, [
        "Mostly the Marrowby Office of Emergency Management and Pinecrest Senior Living Center. We sent buses.\n--\nSent from my iPhone",
        "Radios work. Thanks, Bartholomew",
      ]),
    ]);
    const [first, second] = anon.anonymized.contributions[0]!.answers.map((a) => a.answer);
    expect(first).toBe("Mostly the Organization 1 and Organization 2. We sent buses.");
    expect(second).toBe("Radios work.");
    expect(anon.identifying.filter((e) => e.kind === "person").map((e) => e.value)).toEqual(["Bartholomew"]);
  });

  it("handles names and organisations written differently from the invitation: hyphen parts, accents, Co. for County, City of … and its acronym, addresses", () => {
    const anon = anonymise(campaign, [
      contributor(
        "u1",
        { fullName: 'Robert "Bob" McAllister-Nguyen', email: "rmcallister@ci.brookvale.wa.us", organization: "City of Brookvale Public Works" },
        [
          "Bob here (McAllister). The BPW yard at 1400 Industrial Way handles plowing; Brookvale Public Works has 12 sanders. My deputy, Siobhan O'Leary, runs nights.",
        ],
      ),
      contributor("u2", { fullName: "Ana Lucía Domínguez", email: "adominguez@kinghealth.org", organization: "Kingsford County Public Health" }, [
        "Ana Lucia here from Kingsford Co. Public Health; Dominguez on the roster. We worked with Jamal at the Kingsford Co-op Grocery.",
      ]),
    ]);
    const secrets = [
      "Robert",
      "Bob",
      "McAllister",
      "Nguyen",
      "BPW",
      "Brookvale Public Works",
      "1400 Industrial Way",
      "Siobhan",
      "O'Leary",
      "Ana",
      "Lucia",
      "Lucía",
      "Dominguez",
      "Kingsford Co. Public Health",
      "Jamal",
      "Kingsford Co-op Grocery",
    ];
    expect(countLeaks(anon.anonymized, secrets).examples).toEqual([]);
    const [bob, ana] = ['Robert "Bob" McAllister-Nguyen', "Ana Lucía Domínguez"].map(
      (v) => anon.identifying.find((e) => e.kind === "respondent" && e.value === v)!.pseudonym,
    );
    const texts = anon.anonymized.contributions.map((c) => c.answers[0]!.answer).join("\n");
    expect(texts).toContain(`${bob} here (${bob})`);
    expect(texts).toContain(`${ana} here from`);
    expect(texts).toContain("[address]");
  });

  // Issue 27 item 22: answers written apart from both generators, one sentence per identifier kind
  // that let about one planted identifier in six through, and ordinary words that are also names.
  it("removes organisations' short forms, accented and nicknamed given names, ID numbers, workplace addresses and facility designators", () => {
    const anon = anonymise(
      campaign,
      [
        contributor("u1", { fullName: "Robert Castellano", organization: "Ravenmoor Medical Center", role: "Charge Nurse" }, [
          "Most people here know me as Bobby. At Ravenmoor we run the only burn unit, and Ravenmoor Medical's ED diverts when the bridge floods.",
          "If security asks, I'm badge 4471 and my employee ID is 0073194. We muster at 2201 South 14th Street, by Station 14, with the overflow in Warehouse B.",
          "Trish Holloway from Tillbrook Logistics sends the trucks; Trish says Tillbrook keeps two flatbeds in Hangar 3. Their dispatch is at 40 Commerce Plaza, Suite 210.",
        ]),
        contributor("u2", { fullName: "Renee Marchand", email: "renee@quenby.example", organization: "Quenby Rural Electric Cooperative" }, [
          "Renée here, line crews. Quenby Electric restores the hospital feeder first.",
          // Decomposed accents, as some keyboards type them.
          "Ask Rene\u0301e about the generator list; Łukasz Vukovic (staff ID: QR-5520) keeps it, or Lukasz when he is on nights.",
        ]),
      ],
      { shuffle: (xs) => [...xs] },
    );
    const secrets = [
      "Bobby",
      "Robert",
      "Castellano",
      "Ravenmoor",
      "Ravenmoor Medical",
      "4471",
      "0073194",
      "2201 South 14th Street",
      "Station 14",
      "Warehouse B",
      "Trish",
      "Holloway",
      "Tillbrook",
      "Hangar 3",
      "40 Commerce Plaza",
      "Renée",
      "Renee",
      "Rene\u0301e",
      "Quenby",
      "Quenby Electric",
      "Łukasz",
      "Lukasz",
      "Vukovic",
      "QR-5520",
    ];
    expect(countLeaks(anon.anonymized, secrets).examples).toEqual([]);
    const [bob, renee] = anon.anonymized.contributions.map((c) => c.answers.map((a) => a.answer));
    expect(bob![0]).toBe("Most people here know me as Respondent 1. At Agency A we run the only burn unit, and Agency A's ED diverts when the bridge floods.");
    expect(bob![1]).toBe(
      "If security asks, I'm badge [id] and my employee ID is [id]. We muster at [address], by [facility], with the overflow in [facility].",
    );
    expect(renee![0]).toBe("Respondent 2 here, line crews. Agency B restores the hospital feeder first.");
    // The short and formal forms are one person each, in the creator's map.
    expect(anon.identifying.filter((e) => e.kind === "person").map((e) => e.value)).toEqual(expect.arrayContaining(["Trish Holloway"]));
  });

  it("keeps ordinary words that are also contributors' names where they are not used as names, and removes them where they are", () => {
    const people = [
      contributor("g", { fullName: "Grace Lindahl" }, ["We asked for a grace period on the fuel invoices. Will the state reimburse overtime? We will see."]),
      contributor("w", { fullName: "William Brennan" }, ["Hope is not a plan, so mark the detour routes before dark. Mark my words: the crews will be tired."]),
      contributor("h", { fullName: "Hope Tsosie" }, [
        "I hope the radios hold. Ask Grace about the cots; Will runs the night desk and Mark keeps the list.\n— Hope",
      ]),
      contributor("m", { fullName: "Mark Okoro" }, ["Grace said the shelter is full. Will's crew brought water."]),
    ];
    const anon = anonymise(campaign, people, { shuffle: (xs) => [...xs] });
    const [grace, will, hope, mark] = anon.anonymized.contributions.map((c) => c.answers[0]!.answer);
    expect(grace).toBe(people[0]!.answers[0]!.answer);
    expect(will).toBe(people[1]!.answers[0]!.answer);
    expect(hope).toBe("I hope the radios hold. Ask Respondent 1 about the cots; Respondent 2 runs the night desk and Respondent 4 keeps the list.");
    expect(mark).toBe("Respondent 1 said the shelter is full. Respondent 2's crew brought water.");
  });

  it("reads 50,000-character adversarial answers in linear time (every pattern bounded; none backtracks over a run)", () => {
    const n = 50_000;
    const shapes = [
      "é".repeat(n),
      "ID " + "A-".repeat(n / 2),
      "a.".repeat(n / 2),
      "x@".repeat(n / 2),
      "Chief ".repeat(n / 6),
      "." + " ".repeat(n),
      "Department of the ".repeat(n / 18),
      "1 ".repeat(n / 2),
      "badge #".repeat(n / 7),
    ];
    const anon = anonymise(campaign, [contributor("u1", { fullName: "Priya Raman", organization: "Ravenmoor Medical Center" }, shapes)], {
      shuffle: (xs) => [...xs],
    });
    // The blank one ("." and spaces) says nothing: a non-answer, dropped.
    expect(anon.anonymized.contributions[0]!.answers).toHaveLength(shapes.length - 1);
  });

  it("labels respondents (and their agencies) in the order the shuffle draws, lists them in it, and reports it", () => {
    const people = Array.from({ length: 5 }, (_, i) =>
      contributor(`id-${i}`, { fullName: `Person${"ABCDE"[i]} Lastname${"ABCDE"[i]}`, organization: `Org${"ABCDE"[i]} Fire District` }, [
        `I am Person${"ABCDE"[i]}.`,
      ]),
    );
    const reverse = <T>(xs: readonly T[]) => [...xs].reverse();
    const anon = anonymise(campaign, people, { shuffle: reverse });
    const respondentOf = (name: string) => anon.identifying.find((e) => e.kind === "respondent" && e.value === name)?.pseudonym;
    expect(people.map((p) => respondentOf(p.identity.fullName!))).toEqual(["Respondent 5", "Respondent 4", "Respondent 3", "Respondent 2", "Respondent 1"]);
    expect(anon.order).toEqual(people.map((p) => p.id).reverse());
    expect(anon.anonymized.contributions.map((c) => [c.respondent, c.agency])).toEqual([
      ["Respondent 1", "Agency A"],
      ["Respondent 2", "Agency B"],
      ["Respondent 3", "Agency C"],
      ["Respondent 4", "Agency D"],
      ["Respondent 5", "Agency E"],
    ]);
    expect(anon.anonymized.contributions[0]!.answers[0]!.answer).toBe("I am Respondent 1.");
    // The same contributors in the drawn order, kept: the same labels (a resumed run).
    const again = anonymise(campaign, reverse(people), { shuffle: (xs) => [...xs] });
    expect(again.anonymized).toEqual(anon.anonymized);
  });

  it("draws the order with crypto randomness by default, not by submission, invitation or id", () => {
    const people = Array.from({ length: 4 }, (_, i) =>
      contributor(`id-${i}`, { fullName: `Person${"ABCD"[i]} Lastname${"ABCD"[i]}` }, ["Shelters fill fast."]),
    );
    // getRandomValues answers 3, 0, 1 (mod i + 1): Fisher–Yates swaps 3↔3, 2↔0, 1↔1.
    const words = [3, 0, 1];
    const spy = vi.spyOn(crypto, "getRandomValues").mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      (array as unknown as Uint32Array)[0] = words.shift()!;
      return array;
    });
    try {
      const anon = anonymise(campaign, people);
      expect(spy).toHaveBeenCalledTimes(3);
      expect(anon.order).toEqual(["id-2", "id-1", "id-0", "id-3"]);
    } finally {
      spy.mockRestore();
    }
    // Unmocked: many runs over the same contributors do not all give Respondent 1 to the same person.
    const firsts = new Set(Array.from({ length: 40 }, () => anonymise(campaign, people).order[0]));
    expect(firsts.size).toBeGreaterThan(1);
  });

  it("maps pseudonyms back to identities for the creator, and scrubs any later text with the same registry", () => {
    const anon = anonymise(campaign, [dana()]);
    const kinds = (k: string) => anon.identifying.filter((e) => e.kind === k);
    expect(kinds("respondent")).toContainEqual({ pseudonym: "Respondent 1", kind: "respondent", value: "Dana Whitfield" });
    expect(kinds("agency")).toContainEqual({ pseudonym: "Agency A", kind: "agency", value: "Fennick County Fire Department" });
    expect(kinds("email").map((e) => e.value)).toContain("dana.whitfield@fennickfire.gov");
    expect(kinds("phone").map((e) => e.value)).toContain("(555) 201-3344");
    expect(kinds("person").map((e) => e.value)).toEqual(expect.arrayContaining(["Okonkwo", "Priya Raman", "Tom Becker", "Ngozi Haldane"]));
    expect(kinds("organization").map((e) => e.value)).toEqual(expect.arrayContaining(["Marrowby Water Authority", "Halvorsen Logistics Inc"]));
    expect(anon.scrub("Chief Whitfield of FCFD told Dr. Raman (dana.whitfield@fennickfire.gov) that becker was late.")).toBe(
      "Chief Respondent 1 of Agency A told Dr. Person 2 ([email 1]) that Person 3 was late.",
    );
    // Scrubbing anonymised text again changes nothing.
    const once = JSON.stringify(anon.anonymized);
    expect(anon.scrub(once)).toBe(once);
  });
});
