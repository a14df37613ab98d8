import { z } from "zod";
import { USER_ACCOUNT_MESSAGES } from "../constants/messages";

/** The word typed to confirm deleting one's account. */
export const DELETE_ACCOUNT_CONFIRMATION = "DELETE";

/** POST /api/account/delete */
export const deleteAccountBodySchema = z.object({
  password: z.string().min(1, USER_ACCOUNT_MESSAGES.passwordRequired).max(1000),
  confirm: z.literal(DELETE_ACCOUNT_CONFIRMATION, { error: USER_ACCOUNT_MESSAGES.confirmDelete }),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
