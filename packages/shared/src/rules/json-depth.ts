/**
 * How deeply a JSON request body may nest objects and arrays. The bodies of the app and of the networks it
 * stands in for nest a few levels; a body nested thousands of levels only exists to make a recursive walk
 * (JSON.stringify, a validator) overflow the stack.
 */
export const JSON_MAX_DEPTH = 64;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether JSON text nests objects and arrays deeper than `max`, found in one pass over the text before it is
 * parsed (brackets inside strings do not count). Malformed text is left to the parser to refuse.
 */
export function jsonNestedDeeperThan(text: string, max: number = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth++;
      if (depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}
