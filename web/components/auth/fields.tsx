import { Field } from "~/components/ui/field";
import { PASSWORD_MIN_LENGTH } from "../../../shared/auth/schemas";

type Props = { error?: string | null; onChange?: () => void };

/** The e-mail field of every sign-in form: the same name, keyboard and autofill everywhere. */
export function EmailField({ defaultValue, error, onChange }: Props & { defaultValue?: string }) {
  return (
    <Field
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      required
      defaultValue={defaultValue}
      error={error}
      onChange={onChange}
    />
  );
}

/** A password being chosen (sign-up, reset): says the rule up front and lets managers suggest one. */
export function NewPasswordField({ label = "Password", error, onChange }: Props & { label?: string }) {
  return (
    <Field
      label={label}
      name="password"
      type="password"
      autoComplete="new-password"
      required
      description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      error={error}
      onChange={onChange}
    />
  );
}
