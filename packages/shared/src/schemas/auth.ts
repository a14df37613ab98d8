import { z } from "zod";
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../constants/auth";
import { AUTH_MESSAGES } from "../constants/messages";

const email = z.string().trim().toLowerCase().min(1, AUTH_MESSAGES.emailRequired).email(AUTH_MESSAGES.invalidEmail);
const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

/** What the server accepts for sign-up (the confirmation is checked in the form). */
export const signUpBodySchema = z.object({
  name: z.string({ error: AUTH_MESSAGES.nameRequired }).trim().min(1, AUTH_MESSAGES.nameRequired).max(NAME_MAX_LENGTH),
  email,
  password,
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signUpFormSchema = signUpBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
export type SignUpForm = z.infer<typeof signUpFormSchema>;

export const signInBodySchema = z.object({
  email,
  // The form says which field is missing; the API's own refusal of a missing one keeps the spec's text.
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const requestPasswordResetSchema = z.object({ email });
export type RequestPasswordReset = z.infer<typeof requestPasswordResetSchema>;

export const resetPasswordFormSchema = z
  .object({ password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const meResponseSchema = z.object({
  user: userSchema,
  plan: z.enum(["free", "premium"]),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** Settings → Security. The spec's messages: Missing fields, Passwords don't match, Password too short. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string(),
    newPassword: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.currentPassword || !v.newPassword || !v.confirmPassword) {
      ctx.addIssue({ code: "custom", message: AUTH_MESSAGES.missingFields, path: ["currentPassword"] });
      return;
    }
    if (v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: "custom", message: AUTH_MESSAGES.passwordsDontMatch, path: ["confirmPassword"] });
      return;
    }
    if (v.newPassword.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: "custom", message: AUTH_MESSAGES.passwordTooShort, path: ["newPassword"] });
    }
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
