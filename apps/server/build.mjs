// `npm run build -w apps/server`: compiles the server (main.ts, worker.ts) to plain JavaScript in dist/, so
// production runs it with `node` and no transpiler. The workspace packages (@app/shared, @app/sandbox, TypeScript
// sources) are bundled in; npm dependencies stay external and load from node_modules as they are, so PGlite finds
// its wasm and data files beside its own code.
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(serverDir, "dist");

/** Bare imports (npm packages) are loaded at run time; only the workspace's own packages are bundled. */
const externalPackages = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@app/") ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * A bundle has one `import.meta.url` for every module in it, but some modules find files beside their source
 * (the database its migrations, the configuration the repository root and the built web app). Each module keeps
 * its own: the URL of its source file, reached from the bundle by a relative path, so dist/ still works wherever
 * the repository is checked out.
 */
const sourceUrls = {
  name: "source-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const fromBundle = path.relative(outdir, args.path).split(path.sep).join("/");
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: source.replaceAll("import.meta.url", url), loader: "ts" };
    });
  },
};

const result = await build({
  absWorkingDir: serverDir,
  entryPoints: ["src/main.ts", "src/worker.ts"],
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // Stack traces point at the TypeScript sources (node runs with --enable-source-maps).
  sourcemap: "linked",
  sourcesContent: false,
  // Bundling renames clashing identifiers; error and class names stay the ones in the source.
  keepNames: true,
  logLevel: "warning",
  plugins: [externalPackages, sourceUrls],
  write: false,
});

// Each file is written whole and then renamed into place: a server starting during a build never reads half of one.
await mkdir(outdir, { recursive: true });
for (const file of result.outputFiles) {
  const partial = `${file.path}.${process.pid}.tmp`;
  await writeFile(partial, file.contents);
  await rename(partial, file.path);
}
const sizes = result.outputFiles
  .filter((f) => f.path.endsWith(".js"))
  .map((f) => `${path.relative(serverDir, f.path)} ${(f.contents.length / 1024).toFixed(0)} KB`);
console.log(`server built: ${sizes.join(", ")}`);
