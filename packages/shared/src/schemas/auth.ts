import { z } from "zod";
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from "../constants/auth";
import { AUTH_MESSAGES } from "../constants/messages";
import { WORKSPACE_ROLES } from "../constants/workspaces";
import { newPasswordProblem, passwordIsEmail } from "../rules/password-rules";
import { singleLineText } from "./text";

/** An e-mail address as people type it: trimmed and lower-cased. */
export const emailSchema = singleLineText("E-mail", { required: AUTH_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, AUTH_MESSAGES.emailRequired)
  .email(AUTH_MESSAGES.invalidEmail);
const email = emailSchema;

/** A new password (sign-up, reset, change): the rules of newPasswordProblem, but for the e-mail (see below). */
export const newPasswordSchema = singleLineText("Password", { required: AUTH_MESSAGES.passwordTooShort }).superRefine(
  (value, ctx) => {
    const problem = newPasswordProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  },
);

/** The user's name, at sign-up and when it is changed. */
export const nameSchema = singleLineText("Name", { required: AUTH_MESSAGES.nameRequired })
  .trim()
  .min(1, AUTH_MESSAGES.nameRequired)
  .max(NAME_MAX_LENGTH, AUTH_MESSAGES.nameTooLong(NAME_MAX_LENGTH));

/** A password equal to the e-mail address of the same form is refused on the password field. */
const passwordNotEmail = (v: { email: string; password: string }, ctx: z.RefinementCtx) => {
  if (passwordIsEmail(v.password, v.email)) {
    ctx.addIssue({ code: "custom", message: AUTH_MESSAGES.passwordIsEmail, path: ["password"] });
  }
};

const signUpFields = z.object({ name: nameSchema, email, password: newPasswordSchema });

/** What the server accepts for sign-up (the confirmation is checked in the form). */
export const signUpBodySchema = signUpFields.superRefine(passwordNotEmail);
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signUpFormSchema = signUpFields
  .extend({ confirmPassword: z.string() })
  .superRefine(passwordNotEmail)
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
export type SignUpForm = z.infer<typeof signUpFormSchema>;

export const signInBodySchema = z.object({
  email,
  // The form says which field is missing; the API's own refusal of a missing one keeps the spec's text.
  // Any length: passwords chosen under older, shorter minimums still sign in.
  password: singleLineText("Password", { required: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong(PASSWORD_MAX_LENGTH)),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const requestPasswordResetSchema = z.object({ email });
export type RequestPasswordReset = z.infer<typeof requestPasswordResetSchema>;

export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** POST /api/auth/reset-password (the server also refuses the account's e-mail as the new password). */
export const resetPasswordBodySchema = z.object({
  newPassword: newPasswordSchema,
  token: singleLineText("Token", { required: AUTH_MESSAGES.resetTokenMissing })
    .min(1, AUTH_MESSAGES.resetTokenMissing)
    .max(512, AUTH_MESSAGES.resetTokenMissing),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/**
 * POST /api/auth/update-user: the name follows the sign-up rules; the app sets no profile picture, so `image`
 * may only be left out or cleared (null).
 */
export const updateUserBodySchema = z.object({
  name: nameSchema.optional(),
  image: z.null({ error: AUTH_MESSAGES.imageNotAllowed }).optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

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
  /** the workspace this browser works in, and the user's role there */
  workspace: z.object({
    id: z.string(),
    name: z.string(),
    role: z.enum(WORKSPACE_ROLES),
    /** Editors' posts need approval too (Contributors' always do: rules/approval.ts) */
    postsNeedApproval: z.boolean(),
  }),
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
    // The server also refuses the account's e-mail; the form does not know it.
    const problem = newPasswordProblem(v.newPassword);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["newPassword"] });
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
