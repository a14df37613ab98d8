import { expect } from "vitest";

/** An open GET /api/events stream, and all it has sent so far. */
export interface EventStream {
  reader: ReadableStreamDefaultReader<Uint8Array>;
  text: string;
}

const decoder = new TextDecoder();

/** Opens a stream and waits for its first lines, so it is registered before the test goes on. */
export async function openEventStream(baseUrl: string, cookie: string): Promise<EventStream> {
  const res = await fetch(`${baseUrl}/api/events`, { headers: { cookie } });
  expect(res.status).toBe(200);
  const stream = { reader: res.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>, text: "" };
  while (!stream.text.includes(": connected")) stream.text += decoder.decode((await stream.reader.read()).value);
  return stream;
}

/** Reads until `pattern` appears, or the stream ends (then returns false). */
export async function readUntil(stream: EventStream, pattern: RegExp): Promise<boolean> {
  while (!pattern.test(stream.text)) {
    const { done, value } = await stream.reader.read();
    if (done) return false;
    stream.text += decoder.decode(value);
  }
  return true;
}
