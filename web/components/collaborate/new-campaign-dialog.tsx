import { useNavigate } from "@remix-run/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Loader2, Plus } from "~/components/ui/icons";
import * as React from "react";
import { CAMPAIGN_MAX_CONTRIBUTORS_LIMIT, CAMPAIGN_MAX_QUESTIONS } from "../../../shared/collaborate/model";
import type { CampaignPurpose } from "../../../shared/collaborate/views";
import { SUPPORTED_LANGUAGES } from "../../../shared/profile/languages";
import { StringListEditor } from "~/components/exercise/list-editor";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Field, FieldError, SelectField, TextareaField } from "~/components/ui/field";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import { toast } from "~/hooks/use-toast";
import { collaborateApi, collaborateKeys, errorMessage } from "~/lib/collaborate-api";
import { EMPTY_CAMPAIGN_FORM, validateCampaignForm, type CampaignFormErrors, type CampaignFormValues } from "./campaign-form";
import { CapabilityPicker } from "./capability-picker";
import { PURPOSE_LABELS } from "./format";
import { refetchAfterWrite } from "~/lib/query";

const PURPOSE_HELP: Record<CampaignPurpose, string> = {
  "generate-findings": "A findings report: themes, gaps and disagreements across the contributions.",
  exercise: "A tabletop exercise drafted from the contributions, opened in the exercise editor.",
};
const LANGUAGE_OPTIONS = SUPPORTED_LANGUAGES.map((l) => ({ value: l.code, label: l.name }));

/**
 * "New campaign": every field of the create schema, checked with it before sending; a failed
 * save keeps what was typed and shows why. On success the campaign page opens.
 */
export function NewCampaignDialog({ trigger }: { trigger?: React.ReactNode }) {
  const [open, setOpen] = React.useState(false);
  const [values, setValues] = React.useState<CampaignFormValues>(EMPTY_CAMPAIGN_FORM);
  const [errors, setErrors] = React.useState<CampaignFormErrors>({});
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const set = <K extends keyof CampaignFormValues>(key: K, value: CampaignFormValues[K]) => setValues((prev) => ({ ...prev, [key]: value }));

  const create = useMutation({
    mutationFn: collaborateApi.create,
    onSuccess: ({ campaign }) => {
      toast({ title: "Campaign created", description: `${campaign.campaignName} is ready: invite its contributors.` });
      setOpen(false);
      setValues(EMPTY_CAMPAIGN_FORM);
      setErrors({});
      void refetchAfterWrite(queryClient, collaborateKeys.campaigns);
      navigate(`/collaborate/campaigns/${encodeURIComponent(campaign.campaignId)}`);
    },
  });

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const result = validateCampaignForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      // Focus the first invalid control so keyboard and screen-reader users land on it.
      requestAnimationFrame(() => (document.querySelector<HTMLElement>("#new-campaign [aria-invalid='true']") ?? null)?.focus());
      return;
    }
    setErrors({});
    create.mutate(result.body);
  };

  const questionErrors = Object.entries(errors)
    .filter(([key]) => key.startsWith("questions."))
    .map(([key, message]) => `Question ${Number(key.split(".")[1]) + 1}: ${message}`);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {trigger ?? (
          <Button>
            <Plus aria-hidden /> New campaign
          </Button>
        )}
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>New campaign</DialogTitle>
          <DialogDescription>
            Ask colleagues and partner agencies about a hazard; Readyroom interviews each of them and synthesises what they say.
          </DialogDescription>
        </DialogHeader>
        <form id="new-campaign" noValidate onSubmit={onSubmit} className="grid gap-4">
          <Field label="Name" name="name" value={values.name} onChange={(e) => set("name", e.target.value)} error={errors.name} autoComplete="off" required />
          <fieldset className="grid gap-1.5" aria-describedby={errors.purpose ? "campaign-purpose-error" : undefined}>
            <legend className="text-sm font-medium">The campaign produces</legend>
            <RadioGroup
              value={values.purpose}
              onValueChange={(v) => set("purpose", v as CampaignPurpose)}
              className="grid gap-2 sm:grid-cols-2"
              aria-invalid={errors.purpose ? true : undefined}
            >
              {(Object.keys(PURPOSE_LABELS) as CampaignPurpose[]).map((purpose) => (
                <label
                  key={purpose}
                  htmlFor={`campaign-purpose-${purpose}`}
                  className="flex cursor-pointer items-start gap-2 rounded-md border p-3 text-sm has-[[data-state=checked]]:border-primary"
                >
                  <RadioGroupItem id={`campaign-purpose-${purpose}`} value={purpose} className="mt-0.5" />
                  <span className="grid gap-0.5">
                    <span className="font-medium">{PURPOSE_LABELS[purpose]}</span>
                    <span className="text-xs text-muted-foreground">{PURPOSE_HELP[purpose]}</span>
                  </span>
                </label>
              ))}
            </RadioGroup>
            <FieldError id="campaign-purpose-error" error={errors.purpose} />
          </fieldset>
          <Field
            label="Hazard or threat"
            name="hazard"
            value={values.hazard}
            onChange={(e) => set("hazard", e.target.value)}
            error={errors.hazard}
            placeholder="e.g. Riverine flooding"
            required
          />
          <TextareaField
            label="Scenario (optional)"
            name="scenario"
            value={values.scenario}
            onChange={(e) => set("scenario", e.target.value)}
            error={errors.scenario}
            rows={3}
            description="The situation contributors should picture when they answer."
          />
          <CapabilityPicker id="campaign-capabilities" value={values.capabilities} onChange={(v) => set("capabilities", v)} error={errors.capabilities} />
          <div className="grid gap-1.5">
            <p className="text-sm font-medium">
              Your questions{" "}
              <span className="font-normal text-muted-foreground">(optional, up to {CAMPAIGN_MAX_QUESTIONS}; asked after the standard ones)</span>
            </p>
            <StringListEditor
              items={values.questions}
              onChange={(v) => set("questions", v)}
              itemLabel="Question"
              addLabel="Add question"
              max={CAMPAIGN_MAX_QUESTIONS}
            />
            {questionErrors.map((message) => (
              <FieldError key={message} error={message} />
            ))}
            <FieldError error={errors.questions} />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field
              label="Most contributors"
              name="maxContributors"
              type="number"
              inputMode="numeric"
              min={1}
              max={CAMPAIGN_MAX_CONTRIBUTORS_LIMIT}
              value={values.maxContributors}
              onChange={(e) => set("maxContributors", e.target.value)}
              error={errors.maxContributors}
              required
            />
            <Field
              label="Deadline (optional)"
              name="deadline"
              type="date"
              value={values.deadline}
              onChange={(e) => set("deadline", e.target.value)}
              error={errors.deadline}
            />
            <SelectField
              id="campaign-language"
              name="language"
              label="Interview language"
              help="Contributors are interviewed in it."
              value={values.language}
              onChange={(v) => set("language", v)}
              error={errors.language}
              options={LANGUAGE_OPTIONS}
              emptyLabel="Choose a language"
            />
          </div>
          {create.isError ? <Alert variant="destructive">{errorMessage(create.error)}</Alert> : null}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" form="new-campaign" disabled={create.isPending}>
            {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {create.isPending ? "Creating…" : "Create campaign"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
