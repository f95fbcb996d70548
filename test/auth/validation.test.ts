import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { loginSchema, signupSchema, validate } from "../../shared/auth/schemas";
import { testClientIp } from "../helpers/auth";

const valid = { firstName: "Ada", lastName: "Okafor", email: "ada@example.test", password: "long-enough-1" };

async function postJson(path: string, body: unknown) {
  return SELF.fetch(`http://localhost/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": testClientIp() },
    body: JSON.stringify(body),
  });
}

const signupCases: Array<[string, Record<string, unknown>, string, string]> = [
  ["missing email", { ...valid, email: undefined }, "email", "Email is required"],
  ["empty email", { ...valid, email: "" }, "email", "Email is required"],
  ["malformed email", { ...valid, email: "not-an-email" }, "email", "Please enter a valid email address"],
  ["uppercase email", { ...valid, email: "Ada@Example.test" }, "email", "Email addresses cannot contain uppercase letters. Please use lowercase letters only."],
  ["missing password", { ...valid, password: undefined }, "password", "Password is required"],
  ["empty password", { ...valid, password: "" }, "password", "Password is required"],
  ["missing first name", { ...valid, firstName: undefined }, "firstName", "First name is required"],
  ["blank first name", { ...valid, firstName: "   " }, "firstName", "First name is required"],
  ["missing last name", { ...valid, lastName: undefined }, "lastName", "Last name is required"],
  ["empty last name", { ...valid, lastName: "" }, "lastName", "Last name is required"],
];

describe("signup validation (spec §5), shared schema", () => {
  it.each(signupCases)("%s", (_name, input, field, message) => {
    const result = validate(signupSchema, input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fieldErrors[field]).toBe(message);
  });

  it("accepts a signup without organization and country", () => {
    const result = validate(signupSchema, valid);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.data.organization).toBeUndefined();
      expect(result.data.country).toBeUndefined();
    }
  });

  it("reads FormData the same way the forms submit it", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...valid, email: "UPPER@example.test", organization: "" })) form.set(k, v);
    const result = validate(signupSchema, form);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fieldErrors.email).toBe("Email addresses cannot contain uppercase letters. Please use lowercase letters only.");
  });
});

describe("signup validation enforced again by the server", () => {
  it.each(signupCases)("%s → 400 with the message", async (_name, input, field, message) => {
    const res = await postJson("/sign-up/email", input);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; code: string; fieldErrors: Record<string, string> };
    expect(body.message).toBe(message);
    expect(body.code).toBe("validation_error");
    expect(body.fieldErrors[field]).toBe(message);
  });

  it("creates the user when organization and country are left out", async () => {
    const res = await postJson("/sign-up/email", { ...valid, email: "no-org@example.test" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { email: string; firstName: string; lastName: string; name: string } };
    expect(body.user).toMatchObject({ email: "no-org@example.test", firstName: "Ada", lastName: "Okafor", name: "Ada Okafor" });
  });
});

describe("login validation (spec §5)", () => {
  const loginCases: Array<[string, Record<string, unknown>, string, string]> = [
    ["missing email", { password: "x" }, "email", "Email is required"],
    ["malformed email", { email: "nope", password: "x" }, "email", "Please enter a valid email address"],
    [
      "uppercase email",
      { email: "Someone@example.test", password: "x" },
      "email",
      "Email addresses cannot contain uppercase letters. Please use lowercase letters only.",
    ],
  ];

  it.each(loginCases)("%s (schema and server)", async (_name, input, field, message) => {
    const result = validate(loginSchema, input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fieldErrors[field]).toBe(message);
    const res = await postJson("/sign-in/email", input);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(message);
  });

  it("accepts any string as the password (even one that would fail the signup rules)", () => {
    expect(validate(loginSchema, { email: "a@example.test", password: "x" }).ok).toBe(true);
    expect(validate(loginSchema, { email: "a@example.test", password: "" }).ok).toBe(true);
  });
});
