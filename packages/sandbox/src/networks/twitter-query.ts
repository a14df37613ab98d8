import type { FastifyReply } from "fastify";
import { sandboxClientId } from "../kit";
import type { XTweet } from "./twitter-tweets";

/** X's post and user ids: digits, at most 19. */
export const NUMERIC_ID = /^\d{1,19}$/;

/** X's 403 for an app whose access level does not include the endpoint. */
export function notEnrolled(reply: FastifyReply) {
  return reply.status(403).send({
    client_id: sandboxClientId("twitter"),
    detail:
      "When authenticating requests to the Twitter API v2 endpoints, you must use keys and tokens from a Twitter developer App that is attached to a Project. You can create a project via the developer portal.",
    registration_url: "https://developer.twitter.com/en/docs/projects/overview",
    title: "Client Forbidden",
    required_enrollment: "Appropriate Level of API Access",
    reason: "client-not-enrolled",
    type: "https://api.twitter.com/2/problems/client-forbidden",
  });
}

type Predicate = (t: XTweet) => boolean;

/**
 * A recent-search query: terms joined by spaces (all must hold) or OR, with parentheses. The sandbox knows the
 * operators the inbox needs; the posts it searches are those of the conversations the query names.
 */
export function parseQuery(query: string): {
  match: Predicate;
  anchors: { conversation: string[]; replyTo: string[] };
} {
  const tokens = query.match(/\(|\)|[^\s()]+/g) ?? [];
  const anchors = { conversation: [] as string[], replyTo: [] as string[] };
  let at = 0;
  const term = (word: string): Predicate => {
    const negated = word.startsWith("-");
    const [op, value = ""] = (negated ? word.slice(1) : word).split(/:(.*)/s);
    let p: Predicate;
    if (op === "conversation_id" && NUMERIC_ID.test(value)) {
      anchors.conversation.push(value);
      p = (t) => t.conversationId === value;
    } else if (op === "in_reply_to_tweet_id" && NUMERIC_ID.test(value)) {
      anchors.replyTo.push(value);
      p = (t) => t.replyTo?.id === value;
    } else if (op === "from" && value)
      p = (t) => t.author.id === value || t.author.username.toLowerCase() === value.toLowerCase();
    else if (op === "is" && value === "reply") p = (t) => t.replyTo !== undefined;
    else if (op === "is" && (value === "retweet" || value === "quote")) p = () => false;
    else
      throw new Error(
        `Reference to invalid operator '${op}'. Operator is not available in current product or product packaging.`,
      );
    return negated ? (t) => !p(t) : p;
  };
  const expr = (): Predicate => {
    const any: Predicate[] = [and()];
    while (tokens[at] === "OR") {
      at++;
      any.push(and());
    }
    return (t) => any.some((p) => p(t));
  };
  const and = (): Predicate => {
    const all: Predicate[] = [];
    while (at < tokens.length && tokens[at] !== ")" && tokens[at] !== "OR") {
      const token = tokens[at++] as string;
      if (token === "(") {
        all.push(expr());
        if (tokens[at++] !== ")") throw new Error("There is an unmatched parenthesis in the query.");
      } else all.push(term(token));
    }
    if (all.length === 0) throw new Error("The query has an empty clause.");
    return (t) => all.every((p) => p(t));
  };
  const match = expr();
  if (at < tokens.length) throw new Error("There is an unmatched parenthesis in the query.");
  return { match, anchors };
}
