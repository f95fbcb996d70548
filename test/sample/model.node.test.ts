import { describe, expect, it } from "vitest";
import { sampleContents, welcomeSampleNote, type SampleStatus } from "../../shared/sample/model";

const none: SampleStatus = { state: "removed", documents: 0, exercises: 0, briefs: 0, sessions: 0, profile: false, present: false };

describe("the sample workspace's words", () => {
  it("name only what is there", () => {
    expect(welcomeSampleNote(none)).toBeNull();
    expect(sampleContents({ ...none, documents: 2, present: true })).toBe("2 plan documents");
    expect(welcomeSampleNote({ ...none, documents: 1, present: true })).toMatch(/^To let you explore right away, 1 plan document is pre-filled/);
    expect(welcomeSampleNote({ ...none, profile: true, present: true })).toMatch(/your profile is pre-filled/);
    const note = welcomeSampleNote({ ...none, profile: true, documents: 3, present: true })!;
    expect(note).toMatch(/your profile and 3 plan documents are pre-filled/);
    expect(note).not.toMatch(/exercise|brief/);
  });
});
