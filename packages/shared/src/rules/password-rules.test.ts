import { describe, expect, test } from "vitest";
import { PASSWORD_MIN_LENGTH } from "../constants/auth";
import { COMMON_PASSWORDS } from "../constants/common-passwords";
import { AUTH_MESSAGES } from "../constants/messages";
import { changePasswordFormSchema, resetPasswordFormSchema, signInBodySchema, signUpBodySchema } from "../schemas/auth";
import { newPasswordProblem, passwordIsEmail } from "./password-rules";

describe("newPasswordProblem", () => {
  test("at least 8 characters, with the spec's message under the minimum", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(newPasswordProblem("Kq7#zp2")).toBe(AUTH_MESSAGES.passwordTooShort);
    expect(newPasswordProblem("Kq7#zp2w")).toBeNull();
  });

  test("at most 128 characters", () => {
    expect(newPasswordProblem("x9!".repeat(43))).toBe(AUTH_MESSAGES.passwordTooLong(128));
  });

  test("not the e-mail address, whatever the case", () => {
    expect(passwordIsEmail("Ada@Example.com", "ada@example.com")).toBe(true);
    expect(newPasswordProblem("Ada@Example.com", "ada@example.com")).toBe(AUTH_MESSAGES.passwordIsEmail);
    expect(newPasswordProblem("Ada@Example.com")).toBeNull();
    expect(newPasswordProblem("Ada@Example.com", null)).toBeNull();
  });

  test("not one of the most common passwords, whatever the case", () => {
    for (const p of ["password", "12345678", "qwerty123", "PassWord1", "iloveyou", "Sunshine"]) {
      expect(newPasswordProblem(p), p).toBe(AUTH_MESSAGES.passwordTooCommon);
    }
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(300);
    for (const p of COMMON_PASSWORDS) expect(p).toBe(p.toLowerCase());
  });
});

describe("the auth schemas apply it to new passwords only", () => {
  const user = { name: "Ada", email: "ada@example.com" };
  test("sign-up", () => {
    const first = (password: string) => signUpBodySchema.safeParse({ ...user, password }).error?.issues[0]?.message;
    expect(first("short")).toBe(AUTH_MESSAGES.passwordTooShort);
    expect(first("qwerty123")).toBe(AUTH_MESSAGES.passwordTooCommon);
    expect(first("ADA@example.com")).toBe(AUTH_MESSAGES.passwordIsEmail);
    expect(first("correct-horse")).toBeUndefined();
  });

  test("reset and change forms", () => {
    expect(
      resetPasswordFormSchema.safeParse({ password: "password1", confirmPassword: "password1" }).error?.issues[0]
        ?.message,
    ).toBe(AUTH_MESSAGES.passwordTooCommon);
    expect(
      changePasswordFormSchema.safeParse({ currentPassword: "old", newPassword: "abc", confirmPassword: "abc" }).error
        ?.issues[0]?.message,
    ).toBe(AUTH_MESSAGES.passwordTooShort);
    expect(
      changePasswordFormSchema.safeParse({
        currentPassword: "old",
        newPassword: "letmein123",
        confirmPassword: "letmein123",
      }).error?.issues[0]?.message,
    ).toBe(AUTH_MESSAGES.passwordTooCommon);
  });

  test("signing in accepts any length, so older passwords keep working", () => {
    expect(signInBodySchema.safeParse({ email: user.email, password: "abc123" }).success).toBe(true);
  });
});
