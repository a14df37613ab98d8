import {
  type CreateReplyBody,
  type InboxMessageAction,
  inboxConversationResponseSchema,
  inboxMessageResponseSchema,
  inboxNoteResponseSchema,
  inboxReplyResponseSchema,
  type UpdateConversationBody,
} from "@app/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { readAgain } from "@/lib/live-cache";
import { conversationKey, inboxListsKey, inboxSummaryKey } from "./get-inbox";

const path = (id: string) => `/api/inbox/${encodeURIComponent(id)}`;

/**
 * A change to a conversation: the conversation, the lists and the count are read again once the server has it
 * (other tabs hear of it on the event stream).
 */
function useInboxMutation<TVars, TResult>(
  mutationFn: (vars: TVars) => Promise<TResult>,
  conversationOf: (vars: TVars) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_, vars) =>
      Promise.all([
        readAgain(queryClient, conversationKey(conversationOf(vars)), true),
        readAgain(queryClient, inboxListsKey),
        readAgain(queryClient, inboxSummaryKey, true),
      ]),
  });
}

/** Done or open again, and/or assigned to a member (null: nobody). */
export function useUpdateConversation() {
  return useInboxMutation(
    ({ id, ...body }: { id: string } & UpdateConversationBody) =>
      api(path(id), { method: "PATCH", body, schema: inboxConversationResponseSchema }),
    (v) => v.id,
  );
}

/** Read (opening it) or unread again, for the member. */
export function useMarkConversationRead() {
  return useInboxMutation(
    ({ id, read }: { id: string; read: boolean }) => api(`${path(id)}/read`, { body: { read } }),
    (v) => v.id,
  );
}

/** A reply to a message of the conversation, queued to be sent through the network. */
export function useSendReply() {
  return useInboxMutation(
    ({ id, ...body }: { id: string } & CreateReplyBody) =>
      api(`${path(id)}/replies`, { body, schema: inboxReplyResponseSchema }),
    (v) => v.id,
  );
}

/** An internal note, for the workspace's members only. */
export function useAddNote() {
  return useInboxMutation(
    ({ id, body }: { id: string; body: string }) =>
      api(`${path(id)}/notes`, { body: { body }, schema: inboxNoteResponseSchema }),
    (v) => v.id,
  );
}

/** Like, unlike, hide, unhide or delete a message on the network. */
export function useMessageAction() {
  return useInboxMutation(
    ({ messageId, action }: { conversationId: string; messageId: string; action: InboxMessageAction }) =>
      api(`/api/inbox/messages/${encodeURIComponent(messageId)}/actions`, {
        body: { action },
        schema: inboxMessageResponseSchema,
      }),
    (v) => v.conversationId,
  );
}
