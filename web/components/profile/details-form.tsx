import { Form, useActionData } from "@remix-run/react";
import { useMutation } from "@tanstack/react-query";
import * as React from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { toast } from "~/hooks/use-toast";
import type { getPersonalDetails } from "../../../worker/profile/service";
import { profileApi } from "~/lib/profile-api";
import { saveProfile, type FieldErrors, type ProfileActionResult } from "./save";

type Details = Awaited<ReturnType<typeof getPersonalDetails>>;
type DetailName = "firstName" | "lastName" | "organization" | "city" | "state" | "country";

/** The form's fields in order; autoComplete lets the browser fill them from the person's own card. */
const DETAIL_FIELDS: { name: DetailName; label: string; autoComplete: string; description?: string }[] = [
  { name: "firstName", label: "First name", autoComplete: "given-name" },
  { name: "lastName", label: "Last name", autoComplete: "family-name" },
  { name: "organization", label: "Organization", autoComplete: "organization" },
  { name: "country", label: "Country", autoComplete: "country-name" },
  { name: "city", label: "City or county", autoComplete: "address-level2", description: "Intelligence puts this place's official alerts first." },
  {
    name: "state",
    label: "State",
    autoComplete: "address-level1",
    description: "In the US, the National Weather Service's alerts for this state (e.g. Washington or WA).",
  },
];

export function DetailsForm({ details }: { details: Details }) {
  const actionData = useActionData() as ProfileActionResult | undefined;
  // The preferred language is kept as it is (campaign sign-up sets it; the assistant falls back to
  // it): the profile's one language control is Language Preference, under custom instructions.
  const [values, setValues] = React.useState({
    firstName: details.firstName,
    lastName: details.lastName,
    organization: details.organization ?? "",
    city: details.city ?? "",
    state: details.state ?? "",
    country: details.country ?? "",
    preferredLanguage: details.preferredLanguage ?? "",
  });
  const [errors, setErrors] = React.useState<FieldErrors>(actionData?.intent === "details" ? (actionData.fieldErrors ?? {}) : {});
  const [formError, setFormError] = React.useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: typeof values) => saveProfile(() => profileApi.saveDetails(body)),
    onSuccess: (result) => {
      if (result.ok) {
        setErrors({});
        toast({ title: "Details saved" });
      } else {
        setErrors(result.fieldErrors);
        setFormError(result.message);
      }
    },
  });
  const saving = save.isPending;

  React.useEffect(() => {
    if (actionData?.intent === "details" && actionData.ok) toast({ title: "Details saved" });
  }, [actionData]);

  function set(name: keyof typeof values, value: string) {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _dropped, ...rest }) => rest);
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local: FieldErrors = {};
    if (!values.firstName.trim()) local.firstName = "First name is required";
    if (!values.lastName.trim()) local.lastName = "Last name is required";
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    setFormError(null);
    save.mutate(values);
  }

  return (
    <Card>
      <Form method="post" onSubmit={onSubmit} noValidate aria-labelledby="details-title">
        <CardHeader>
          <CardTitle id="details-title">Your details</CardTitle>
          <CardDescription>Signed in as {details.email}.</CardDescription>
        </CardHeader>
        <CardContent className="grid items-start gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="details" />
          {DETAIL_FIELDS.map((f) => (
            <Field
              key={f.name}
              id={`pd-${f.name}`}
              name={f.name}
              label={f.label}
              autoComplete={f.autoComplete}
              description={f.description}
              value={values[f.name]}
              onChange={(e) => set(f.name, e.target.value)}
              error={errors[f.name]}
            />
          ))}
          {formError ? (
            <Alert variant="destructive" className="sm:col-span-2">
              {formError}
            </Alert>
          ) : null}
        </CardContent>
        <CardFooter>
          <Button type="submit" variant="outline" disabled={saving}>
            {saving ? "Saving…" : "Save details"}
          </Button>
        </CardFooter>
      </Form>
    </Card>
  );
}
