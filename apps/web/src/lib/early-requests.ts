/**
 * API reads started by the router the moment a URL is opened, before the code of the screen that needs
 * them has arrived (on a first visit that code takes longer than the answer). The screen's own read then
 * takes the answer already under way instead of asking again. Each early answer is taken once; later reads
 * of the same path go to the server as usual.
 */
const started = new Map<string, Promise<Response>>();

export function requestEarly(path: string) {
  if (started.has(path)) return;
  const answer = fetch(path, { credentials: "same-origin", headers: { accept: "application/json" } });
  // A failure here surfaces when the screen takes the answer (or never, if it no longer wants it).
  answer.catch(() => undefined);
  started.set(path, answer);
}

/** The answer started early for this path, if any (and only once). */
export function takeEarly(path: string): Promise<Response> | undefined {
  const answer = started.get(path);
  started.delete(path);
  return answer;
}
