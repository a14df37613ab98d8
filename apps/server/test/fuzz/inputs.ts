/** fast-check arbitraries of malformed requests, shaped from an operation of the OpenAPI document. */
import fc from "fast-check";

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  maxLength?: number;
  format?: string;
};

export interface Operation {
  method: string;
  /** OpenAPI form: /api/posts/{id} */
  path: string;
  pathParams: string[];
  queryParams: { name: string; schema: JsonSchema }[];
  body?: JsonSchema;
}

/** Every operation of an OpenAPI document. */
export function operationsOf(doc: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [p, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      ops.push({
        method: method.toUpperCase(),
        path: p,
        pathParams: [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string),
        queryParams: params.filter((x) => x.in === "query").map((x) => ({ name: x.name, schema: x.schema ?? {} })),
        body: op.requestBody?.content?.["application/json"]?.schema,
      });
    }
  }
  return ops;
}

const CONTROL = ["\u0000", "\u0001", "\u0007", "\u0008", "\u001b", "\u007f", "\u2028", "\u202e", "\ufeff", "\ud800"];

/** Strings a careless handler trips on. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "x\u0000y",
    "__proto__",
    "constructor",
    "prototype",
    "toString",
    "hasOwnProperty",
    "../../etc/passwd",
    "%00",
    "%ff%fe",
    "'; drop table posts; --",
    "javascript:alert(1)",
    "<script>alert(1)</script>",
    "null",
    "undefined",
    "NaN",
    "-1",
    "1e400",
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "2024-02-30T25:61:61Z",
    "\ud800",
    "😀".repeat(50),
  ),
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 8 }))
    .map(([x, c, y]) => `${x}${c}${y}`),
  fc.integer({ min: 100, max: 20_000 }).map((n) => "a".repeat(n)),
  fc.uuid(),
);

/** A password the test can recognise anywhere: it must never reach an answer or the log. */
export const PASSWORD_MARK = "Pw-fuzz-";
export const markedPassword = fc
  .array(fc.constantFrom(..."0123456789abcdef"), { minLength: 12, maxLength: 12 })
  .map((hex) => `${PASSWORD_MARK}${hex.join("")}`);
/** The marked passwords a request carried. */
export const passwordsIn = (payload: string) => payload.match(/Pw-fuzz-[0-9a-f]{12}/g) ?? [];

/** A value of some JSON type (deliberately often the wrong one). */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: "small" },
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 4 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 4 }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -0, 1e308),
);

/** A value shaped from the schema most of the time, the wrong thing otherwise. */
export function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyJson;
  if (schema.format === "password") return fc.oneof({ weight: 2, arbitrary: markedPassword }, nastyString, anyJson);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => valueFor(v, depth + 1)), anyJson);
  if (schema.enum?.length) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...schema.enum) }, anyJson);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object": {
      const props = Object.entries(schema.properties ?? {});
      const shaped = fc.record(Object.fromEntries(props.map(([k, v]) => [k, valueFor(v, depth + 1)])), {
        requiredKeys: [],
      });
      return fc.oneof({ weight: 4, arbitrary: shaped }, anyJson);
    }
    case "array":
      return fc.oneof(
        { weight: 3, arbitrary: fc.array(valueFor(schema.items, depth + 1), { maxLength: 60 }) },
        anyJson,
      );
    case "string":
      return fc.oneof({ weight: 2, arbitrary: nastyString }, anyJson);
    case "number":
    case "integer":
      return fc.oneof(fc.integer(), fc.double(), anyJson);
    case "boolean":
      return fc.oneof(fc.boolean(), anyJson);
    default:
      return anyJson;
  }
}

/** JSON text: from the schema with extra fields, or one of the shapes parsers choke on. */
export function jsonBodyFor(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const shaped = fc
    .tuple(valueFor(schema ?? { type: "object" }), fc.dictionary(nastyString, anyJson, { maxKeys: 3 }))
    .map(([value, extra]) => {
      if (value && typeof value === "object" && !Array.isArray(value)) {
        const merged: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(extra))
          Object.defineProperty(merged, k, { value: v, enumerable: true, configurable: true, writable: true });
        for (const [k, v] of Object.entries(value))
          Object.defineProperty(merged, k, { value: v, enumerable: true, configurable: true, writable: true });
        return JSON.stringify(merged);
      }
      return JSON.stringify(value) ?? "null";
    });
  return fc.oneof(
    { weight: 8, arbitrary: shaped },
    fc.integer({ min: 500, max: 12_000 }).map((n) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`),
    fc.integer({ min: 500, max: 12_000 }).map((n) => `${"[".repeat(n)}${"]".repeat(n)}`),
    fc.constantFrom(
      '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
      '{"a":1,"a":2}',
      "{",
      "",
      "null",
      "[]",
      '"text"',
      "1",
      '{"content":"\\u0000"}',
      '{"x":"\\ud800"}',
      "\u0000",
    ),
    fc.integer({ min: 100_000, max: 400_000 }).map((n) => JSON.stringify({ content: "x".repeat(n), name: "y" })),
  );
}

export interface BodyChoice {
  contentType?: string;
  payload?: string | Buffer;
}

const boundary = "----fuzzboundary";

/** A body of some content type: JSON mostly, then what a JSON route should refuse and malformed multipart. */
export function bodyFor(schema: JsonSchema | undefined): fc.Arbitrary<BodyChoice> {
  return fc.oneof(
    { weight: 10, arbitrary: jsonBodyFor(schema).map((payload) => ({ contentType: "application/json", payload })) },
    { weight: 1, arbitrary: fc.constant<BodyChoice>({}) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            "text/plain",
            "application/x-www-form-urlencoded",
            "application/xml",
            "application/json; charset=utf-16",
            "application/octet-stream",
            "multipart/form-data",
            `multipart/form-data; boundary=${"b".repeat(90)}`,
            `multipart/form-data; boundary=${boundary}`,
            "garbage",
            "",
          ),
          fc.oneof(jsonBodyFor(schema), nastyString),
        )
        .map(([contentType, payload]) => ({ contentType, payload })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          // no closing boundary
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG`,
          // garbage
          "this is not multipart at all",
          // a part without headers
          `--${boundary}\r\n\r\nabc\r\n--${boundary}--\r\n`,
          // a field named __proto__
          `--${boundary}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--${boundary}--\r\n`,
          // a file with a NUL in its name
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\n\r\nxyz\r\n--${boundary}--\r\n`,
        )
        .map((payload) => ({ contentType: `multipart/form-data; boundary=${boundary}`, payload })),
    },
  );
}

/** A path parameter: a real id now and then, or a malformed one, encoded or as raw %-escapes. */
export function pathParam(real: string[]): fc.Arbitrary<string> {
  const encoded = nastyString.map((s) => {
    try {
      return encodeURIComponent(s);
    } catch {
      return "%ED%A0%80"; // a lone surrogate cannot be encoded; its UTF-8 bytes instead
    }
  });
  return fc.oneof(
    { weight: 6, arbitrary: encoded },
    { weight: 1, arbitrary: fc.constantFrom("%ff%fe", "%00", "%", "%zz", "%2e%2e", "%2f", "a%20b", "__proto__") },
    { weight: real.length ? 3 : 0, arbitrary: fc.constantFrom(...(real.length ? real : ["x"])) },
  );
}

/** A query string from the documented parameters and others, values malformed or repeated. */
export function queryFor(params: { name: string; schema: JsonSchema }[]): fc.Arbitrary<string> {
  const names = [...params.map((p) => p.name), "__proto__", "constructor", "token", "x"];
  const value = fc.oneof(
    nastyString.map((s) => {
      try {
        return encodeURIComponent(s);
      } catch {
        return "%ED%A0%80";
      }
    }),
    fc.constantFrom("%00", "%ff", "%", "a%00b", ""),
  );
  return fc
    .array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 5 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join("&")}` : ""));
}

export type Caller = "signedIn" | "signedOut" | "garbageCookie";
export type OriginChoice = "trusted" | "none" | "foreign";

export const callerArb = fc.constantFrom<Caller>("signedIn", "signedIn", "signedIn", "signedOut", "garbageCookie");
export const originArb = fc.oneof(
  { weight: 8, arbitrary: fc.constant<OriginChoice>("trusted") },
  { weight: 1, arbitrary: fc.constant<OriginChoice>("none") },
  { weight: 1, arbitrary: fc.constant<OriginChoice>("foreign") },
);
