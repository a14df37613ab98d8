// `node scripts/precompress.mjs <dir>` (run by the web app's build): writes a brotli (.br) and a gzip (.gz) copy
// beside each text asset under <dir>, each only when it is smaller than the file, so the server sends them as
// they are instead of compressing on every request. Source maps are left alone (only developers fetch them).
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";

const TEXT_EXTENSIONS = new Set([".js", ".mjs", ".css", ".html", ".svg", ".json", ".txt", ".xml", ".webmanifest"]);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The .br and .gz copies of one file's contents: the smallest each format makes (done once, at build). */
function encodings(data) {
  return [
    [
      ".br",
      () =>
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
    ],
    [".gz", () => gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION })],
  ];
}

async function textFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && TEXT_EXTENSIONS.has(path.extname(e.name).toLowerCase()))
    .map((e) => path.join(e.parentPath ?? e.path, e.name));
}

/**
 * Compresses every text asset under `dir`. A copy that would not be smaller is not written (and an old one
 * is removed), so the server falls back to the file itself. Returns what was written, for the build's log.
 */
export async function precompress(dir) {
  const files = await textFiles(dir);
  const written = [];
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      for (const [extension, compress] of encodings(data)) {
        const target = file + extension;
        const compressed = await compress();
        if (compressed.length < data.length) {
          await writeFile(target, compressed);
          written.push({ file: target, bytes: compressed.length, original: data.length });
        } else {
          await rm(target, { force: true });
        }
      }
    }),
  );
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: node scripts/precompress.mjs <dir>");
    process.exit(2);
  }
  const written = await precompress(path.resolve(dir));
  const total = (ext) => written.filter((w) => w.file.endsWith(ext)).reduce((sum, w) => sum + w.bytes, 0);
  const sources = new Map(written.map((w) => [w.file.replace(/\.(br|gz)$/, ""), w.original]));
  const original = [...sources.values()].reduce((sum, bytes) => sum + bytes, 0);
  console.log(
    `precompressed ${sources.size} files in ${dir}: ${(original / 1024).toFixed(0)} KB of text → ` +
      `${(total(".br") / 1024).toFixed(0)} KB brotli, ${(total(".gz") / 1024).toFixed(0)} KB gzip`,
  );
}
