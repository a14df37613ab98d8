import { z } from "zod";
import { USER_ACCOUNT_MESSAGES } from "../constants/messages";

/** The word typed to confirm deleting one's account. */
export const DELETE_ACCOUNT_CONFIRMATION = "DELETE";

/** The signed-in user's password, asked again before an action that cannot be undone by them. */
export const passwordConfirmationSchema = z.string().min(1, USER_ACCOUNT_MESSAGES.passwordRequired).max(1000);

/** POST /api/account/delete */
export const deleteAccountBodySchema = z.object({
  password: passwordConfirmationSchema,
  confirm: z.literal(DELETE_ACCOUNT_CONFIRMATION, { error: USER_ACCOUNT_MESSAGES.confirmDelete }),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
