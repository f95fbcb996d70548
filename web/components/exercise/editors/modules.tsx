import { PlanSourceNote } from "../plan-source";
import { Link } from "@remix-run/react";
import * as React from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field, TextareaField } from "~/components/ui/field";
import { Textarea } from "~/components/ui/input";
import { cn } from "~/lib/utils";
import { AddButton, move, RowActions, Section, StringListEditor } from "../list-editor";
import type { Module, StepEditorProps, StructuredQuestions } from "../types";
import { selectClass } from "./overview";

type ModuleProps = StepEditorProps & { moduleIndex: number };

function setModule(exercise: StepEditorProps["exercise"], index: number, patch: Partial<Module>): Module[] {
  return (exercise.modules ?? []).map((m, i) => (i === index ? { ...m, ...patch } : m));
}

/** basePath: the exercise's page path (personal or campaign); a relative link would lose the id under the splat route. */
export function ModulesEditor({ exercise, onChange, basePath }: StepEditorProps & { basePath: string }) {
  const modules = exercise.modules ?? [];
  const [confirm, setConfirm] = React.useState<number | null>(null);
  const set = (list: Module[]) => onChange({ modules: list });
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Modules are the phases of play, usually escalating in time (e.g. warning, response, recovery). Each has a scenario update, injects and discussion
        questions.
      </p>
      {modules.length === 0 ? <p className="text-sm text-muted-foreground">No modules yet. Add one, or ask the assistant to draft them.</p> : null}
      <ol className="grid gap-3">
        {modules.map((m, i) => {
          const n = i + 1;
          return (
            <li key={i} className="grid gap-3 rounded-md border p-3">
              <div className="flex items-start gap-2">
                <Field
                  label={`Module ${n} title`}
                  value={m.title ?? ""}
                  className="flex-1"
                  onChange={(e) => set(modules.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)))}
                />
                <RowActions index={i} count={modules.length} label={`module ${n}`} onMove={(to) => set(move(modules, i, to))} onDelete={() => setConfirm(i)} />
              </div>
              <TextareaField
                label={`Module ${n} description`}
                value={m.description ?? ""}
                rows={3}
                onChange={(e) => set(modules.map((x, j) => (j === i ? { ...x, description: e.target.value } : x)))}
              />
              <Field
                label={`Module ${n} functional groups`}
                description="Separate groups with commas."
                value={(m.functionalGroups ?? []).join(", ")}
                onChange={(e) =>
                  set(
                    modules.map((x, j) =>
                      j === i ? { ...x, functionalGroups: e.target.value.split(",").map((g, k, all) => (k < all.length - 1 ? g.trim() : g.trimStart())) } : x,
                    ),
                  )
                }
              />
              <div className="flex flex-wrap gap-3 text-sm">
                <Link className="font-medium text-primary hover:underline" to={`${basePath}/modules/${n}/injects`}>
                  Injects ({m.injects?.length ?? 0})
                </Link>
                <Link className="font-medium text-primary hover:underline" to={`${basePath}/modules/${n}/questions`}>
                  Questions ({countQuestions(m)})
                </Link>
                <Link className="font-medium text-primary hover:underline" to={`${basePath}/modules/${n}/description`}>
                  Description
                </Link>
              </div>
            </li>
          );
        })}
      </ol>
      <AddButton
        onClick={() => set([...modules, { title: `Module ${modules.length + 1}`, description: "", functionalGroups: [], injects: [], questions: null }])}
      >
        Add module
      </AddButton>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={`Delete module ${confirm !== null ? confirm + 1 : ""}?`}
        description={
          <>“{confirm !== null ? modules[confirm]?.title || `Module ${confirm + 1}` : ""}” and its injects and questions will be removed from this exercise.</>
        }
        confirmLabel="Delete module"
        onConfirm={() => {
          if (confirm !== null) set(modules.filter((_, j) => j !== confirm));
          setConfirm(null);
        }}
      />
    </div>
  );
}

function countQuestions(m: Module): number {
  const q = m.questions;
  if (!q) return 0;
  if (Array.isArray(q)) return q.length;
  return q.groups.reduce((n, g) => n + g.questions.length, 0);
}

/** The drafted injects' references for the texts still in the list (a rewritten inject's goes). */
function sourcesStillUsed(sources: Module["injectSources"], injects: readonly string[]): Module["injectSources"] {
  if (!sources) return sources;
  const kept = Object.fromEntries(injects.filter((text) => Object.hasOwn(sources, text)).map((text) => [text, sources[text]!]));
  return Object.keys(kept).length > 0 ? kept : null;
}

export function ModuleInjectsEditor({ exercise, onChange, moduleIndex }: ModuleProps) {
  const m = exercise.modules?.[moduleIndex] ?? {};
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">Each inject is an event or message that moves the scenario on and prompts discussion.</p>
      <StringListEditor
        items={m.injects ?? []}
        itemLabel="Inject"
        addLabel="Add inject"
        multiline
        onChange={(injects) => onChange({ modules: setModule(exercise, moduleIndex, { injects, injectSources: sourcesStillUsed(m.injectSources, injects) }) })}
        // Keyed by text: an inject the planner rewrites loses its reference, as it should.
        renderNote={(text, label) => {
          const grounding = m.injectSources?.[text];
          return grounding ? <PlanSourceNote source={grounding.source} notInPlans={grounding.notInPlans} label={label} /> : null;
        }}
      />
    </div>
  );
}

export function ModuleDescriptionEditor({ exercise, onChange, moduleIndex }: ModuleProps) {
  const m = exercise.modules?.[moduleIndex] ?? {};
  const update = (patch: Partial<Module>) => onChange({ modules: setModule(exercise, moduleIndex, patch) });
  return (
    <div className="grid gap-5">
      <Field label="Module title" value={m.title ?? ""} onChange={(e) => update({ title: e.target.value })} />
      <TextareaField
        label="Module description"
        description="The scenario update players read at the start of the module."
        value={m.description ?? ""}
        rows={8}
        onChange={(e) => update({ description: e.target.value })}
      />
      <Section title="Functional groups" description="The groups that discuss this module, e.g. EOC Operations, Public Information.">
        <StringListEditor
          items={m.functionalGroups ?? []}
          itemLabel="Functional group"
          addLabel="Add functional group"
          onChange={(functionalGroups) => update({ functionalGroups })}
        />
      </Section>
    </div>
  );
}

const MODES: { value: StructuredQuestions["mode"]; label: string }[] = [
  { value: "functional", label: "By functional group" },
  { value: "inject", label: "By inject" },
  { value: "inject-functional", label: "By inject and functional group" },
];

/** Legacy plain-string questions become one open-ended group, so the editor has one shape. */
function toStructured(q: Module["questions"], m: Module): StructuredQuestions {
  if (q && !Array.isArray(q)) return q;
  const list = Array.isArray(q) ? q : [];
  return {
    mode: "functional",
    groups: list.length
      ? [{ name: m.functionalGroups?.[0] ?? "All participants", questions: list.map((text) => ({ text, type: "open-ended", options: [] })) }]
      : [],
  };
}

export function ModuleQuestionsEditor({ exercise, onChange, moduleIndex }: ModuleProps) {
  const m = exercise.modules?.[moduleIndex] ?? {};
  const q = toStructured(m.questions, m);
  const set = (next: StructuredQuestions) => onChange({ modules: setModule(exercise, moduleIndex, { questions: next }) });
  const setGroup = (gi: number, patch: Partial<StructuredQuestions["groups"][number]>) =>
    set({ ...q, groups: q.groups.map((g, i) => (i === gi ? { ...g, ...patch } : g)) });
  const suggestions = q.mode === "functional" ? (m.functionalGroups ?? []) : (m.injects ?? []).map((t, i) => `Inject ${i + 1}: ${t.slice(0, 60)}`);

  return (
    <div className="grid gap-4">
      <div className="grid max-w-sm gap-1.5">
        <label htmlFor="questions-mode" className="text-sm font-medium">
          Organize questions
        </label>
        <select id="questions-mode" className={selectClass} value={q.mode} onChange={(e) => set({ ...q, mode: e.target.value as StructuredQuestions["mode"] })}>
          {MODES.map((mode) => (
            <option key={mode.value} value={mode.value}>
              {mode.label}
            </option>
          ))}
        </select>
      </div>
      {q.groups.length === 0 ? <p className="text-sm text-muted-foreground">No question groups yet.</p> : null}
      <ol className="grid gap-3">
        {q.groups.map((g, gi) => (
          <li key={gi} className="grid gap-3 rounded-md border p-3">
            <div className="flex items-start gap-2">
              <Field
                label={`Group ${gi + 1} name`}
                value={g.name}
                className="flex-1"
                list={`group-suggestions-${moduleIndex}`}
                onChange={(e) => setGroup(gi, { name: e.target.value })}
              />
              <RowActions
                index={gi}
                count={q.groups.length}
                label={`group ${gi + 1}`}
                onMove={(to) => set({ ...q, groups: move(q.groups, gi, to) })}
                onDelete={() => set({ ...q, groups: q.groups.filter((_, j) => j !== gi) })}
              />
            </div>
            <ol className="grid gap-3 border-l-2 pl-3">
              {g.questions.map((question, qi) => {
                const label = `question ${qi + 1} of group ${gi + 1}`;
                const setQuestion = (patch: Partial<typeof question>) =>
                  setGroup(gi, { questions: g.questions.map((x, j) => (j === qi ? { ...x, ...patch } : x)) });
                return (
                  <li key={qi} className="grid gap-2">
                    <div className="flex flex-wrap items-start gap-2">
                      <Textarea
                        aria-label={`Text of ${label}`}
                        value={question.text}
                        rows={1}
                        placeholder="Question text"
                        className="min-h-9 min-w-0 flex-1 basis-64 py-1.5 [field-sizing:content]"
                        onChange={(e) => setQuestion({ text: e.target.value })}
                      />
                      <div className="flex items-start gap-1">
                        <select
                          aria-label={`Type of ${label}`}
                          className={cn(selectClass, "w-36")}
                          value={question.type}
                          onChange={(e) =>
                            setQuestion({
                              type: e.target.value as typeof question.type,
                              options: e.target.value === "multiple-choice" && !(question.options ?? []).length ? ["", ""] : question.options,
                            })
                          }
                        >
                          <option value="open-ended">Open-ended</option>
                          <option value="multiple-choice">Multiple choice</option>
                        </select>
                        <RowActions
                          index={qi}
                          count={g.questions.length}
                          label={label}
                          onMove={(to) => setGroup(gi, { questions: move(g.questions, qi, to) })}
                          onDelete={() => setGroup(gi, { questions: g.questions.filter((_, j) => j !== qi) })}
                        />
                      </div>
                    </div>
                    <PlanSourceNote source={question.source} notInPlans={question.notInPlans} label={label} />
                    {question.type === "multiple-choice" ? (
                      <div className="ml-4">
                        <StringListEditor
                          items={question.options ?? []}
                          itemLabel={`Option of ${label}`}
                          addLabel="Add option"
                          onChange={(options) => setQuestion({ options })}
                        />
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ol>
            <AddButton onClick={() => setGroup(gi, { questions: [...g.questions, { text: "", type: "open-ended", options: [] }] })}>Add question</AddButton>
          </li>
        ))}
      </ol>
      <datalist id={`group-suggestions-${moduleIndex}`}>
        {suggestions.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <AddButton
        onClick={() =>
          set({ ...q, groups: [...q.groups, { name: suggestions[q.groups.length] ?? "", questions: [{ text: "", type: "open-ended", options: [] }] }] })
        }
      >
        Add question group
      </AddButton>
    </div>
  );
}
