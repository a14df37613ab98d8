import { randomUUID } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { MEDIA_MAX_PIXELS, MEDIA_MESSAGES } from "@app/shared";
import { afterAll, beforeAll, expect, test } from "vitest";
import { mediaFiles } from "../../src/db/schema";
import { createTestApp, signedInUser, TEST_ORIGIN, type TestApp } from "../helpers";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signedInUser(t.app));
});
afterAll(async () => {
  await t.close();
});

const upload = (filename: string, bytes: Buffer) => {
  const boundary = `----orbitpost${randomUUID()}`;
  return t.app.inject({
    method: "POST",
    url: "/api/media",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, cookie, origin: TEST_ORIGIN },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          "Content-Type: application/octet-stream\r\n\r\n",
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
};

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of width × height, 1-bit greyscale; its pixel data is `idat` (none: the header alone). */
function png(width: number, height: number, idat?: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(1, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    ...(idat ? [chunk("IDAT", idat)] : []),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG header declaring width × height (at most 65535 each), with no picture behind it. */
function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  ]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

const refusedAsTooLarge = async (filename: string, bytes: Buffer, width: number, height: number) => {
  const res = await upload(filename, bytes);
  expect(res.statusCode, res.body).toBe(413);
  expect(res.json()).toEqual({
    error: {
      code: "FILE_TOO_LARGE",
      message: MEDIA_MESSAGES.tooManyPixels(filename, width, height),
      title: MEDIA_MESSAGES.tooManyPixelsTitle,
    },
  });
};

test("a PNG header declaring 2147483647 × 2147483647 pixels is refused with a clear message and nothing kept", async () => {
  const before = (await t.db.select().from(mediaFiles)).length;
  await refusedAsTooLarge("huge.png", png(2147483647, 2147483647), 2147483647, 2147483647);
  expect(MEDIA_MESSAGES.tooManyPixels("huge.png", 2147483647, 2147483647)).toBe(
    "huge.png is 2147483647 × 2147483647 pixels: images may have at most 100 megapixels.",
  );
  expect(await t.db.select().from(mediaFiles)).toHaveLength(before);
});

test("a JPEG header declaring 65535 × 65535 pixels is refused", async () => {
  await refusedAsTooLarge("huge.jpg", jpeg(65535, 65535), 65535, 65535);
});

test("a 20000 × 20000 decompression bomb (a real, tiny PNG) is refused", async () => {
  // 20000 rows of a filter byte and 2500 zero bytes: 50 MB of pixels deflated to a few tens of KB.
  const bomb = png(20000, 20000, deflateSync(Buffer.alloc(20000 * 2501), { level: 9 }));
  expect(bomb.length).toBeLessThan(200_000);
  await refusedAsTooLarge("bomb.png", bomb, 20000, 20000);
});

test("one pixel over the limit is refused; exactly the limit is taken", async () => {
  await refusedAsTooLarge(
    "over.png",
    png(MEDIA_MAX_PIXELS / 10_000 + 1, 10_000),
    MEDIA_MAX_PIXELS / 10_000 + 1,
    10_000,
  );
  const res = await upload("at-limit.png", png(MEDIA_MAX_PIXELS / 10_000, 10_000));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().media).toMatchObject({ width: 10_000, height: 10_000 });
});
