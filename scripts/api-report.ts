// The public API of a package, as a committed report (`api.md` in the package): every entry point of its
// package.json "exports", the values it exports (read by importing it) and the types (read by the
// TypeScript checker), grouped by the `// audience: …` lines of the entry's source (who the names are for),
// so the first screen of a package's report is what its main reader needs. A test in each package compares
// the report with the code, so adding or removing an export is a visible change to review. `bun scripts/api-report.ts packages/<name>` rewrites the report.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
// the compiler API (TypeScript 7 ships only an unstable one; `tsc` is TypeScript 7)
import ts from "typescript-5";

const root = resolve(import.meta.dir, "..");

/** Entry point (as users import it) → its source file, from package.json "exports" (dist/x.js → src/x.ts). */
export function entries(packageDir: string): Array<[string, string]> {
  const pkg = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
  return Object.entries(pkg.exports as Record<string, { default: string }>).map(([sub, target]) => {
    const ts = join(packageDir, target.default.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts"));
    const file = ts.endsWith(".ts") && !Bun.file(ts).size && Bun.file(`${ts}x`).size ? `${ts}x` : ts;
    return [sub === "." ? pkg.name : `${pkg.name}/${sub.slice(2)}`, file];
  });
}

export function typeNames(files: string[]): Map<string, string[]> {
  const config = ts.readConfigFile(join(root, "tsconfig.base.json"), ts.sys.readFile).config;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const program = ts.createProgram(files, { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  return new Map(
    files.map((file) => {
      const source = program.getSourceFile(file)!;
      const module = checker.getSymbolAtLocation(source)!;
      return [file, checker.getExportsOfModule(module).map((s) => s.name)];
    }),
  );
}

/**
 * Who each exported name is for, from `// audience: …` lines in the entry's source: a line applies to the
 * export statements after it. Names of an entry without such lines (or re-exported with `export *`) have
 * no audience and are listed under the entry alone.
 */
function audiences(file: string): (name: string) => string | undefined {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out = new Map<string, string>();
  let audience: string | undefined;
  let star: string | undefined;
  for (const statement of source.statements) {
    for (const range of ts.getLeadingCommentRanges(text, statement.pos) ?? []) {
      const marker = /^\/\/ audience: (.+)$/.exec(text.slice(range.pos, range.end).trim());
      if (marker) audience = marker[1]!.trim();
    }
    if (!audience) continue;
    if (ts.isExportDeclaration(statement) && !statement.exportClause) star ??= audience;
    else if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause))
      for (const element of statement.exportClause.elements) out.set(element.name.text, audience);
    else if (
      ts.isFunctionDeclaration(statement) &&
      statement.name &&
      ts.getCombinedModifierFlags(statement) & ts.ModifierFlags.Export
    )
      out.set(statement.name.text, audience);
  }
  // what an `export *` under a marker brings in is for that audience too
  return (name) => out.get(name) ?? star;
}

type Listed = { entry: string; values: string[]; types: string[] };

export async function apiReport(packageDir: string): Promise<string> {
  const points = entries(resolve(root, packageDir));
  const types = typeNames(points.map(([, file]) => file));
  // audience (or, for names without one, the entry's own name) → what each entry gives it, in entry order
  const groups = new Map<string, Listed[]>();
  for (const [name, file] of points) {
    const values = Object.keys(await import(file)).sort();
    const onlyTypes = types
      .get(file)!
      .filter((n) => !values.includes(n))
      .sort();
    const marked = audiences(file);
    const byAudience = new Map<string, Listed>();
    const add = (names: string[], kind: "values" | "types") => {
      for (const n of names) {
        const audience = marked(n);
        const key = audience ? `For ${audience}` : `\`${name}\``;
        if (!byAudience.has(key)) byAudience.set(key, { entry: name, values: [], types: [] });
        byAudience.get(key)![kind].push(n);
      }
    };
    add(values, "values");
    add(onlyTypes, "types");
    if (!byAudience.size) byAudience.set(`\`${name}\``, { entry: name, values: [], types: [] });
    for (const [key, listed] of byAudience) groups.set(key, [...(groups.get(key) ?? []), listed]);
  }
  // one name a line, so a review diff shows exactly what was added or removed
  const list = (names: string[]) => names.map((n) => `- \`${n}\`\n`).join("") || "none\n";
  let out = `# API report\n\nGenerated by \`bun scripts/api-report.ts ${packageDir}\`; a test fails when the exports change and this file does not.\n`;
  for (const [key, listed] of groups) {
    out += `\n## ${key}\n`;
    for (const { entry, values, types: onlyTypes } of listed) {
      const from = key.startsWith("For ") ? ` from \`${entry}\`` : "";
      out += `\n### ${values.length} values${from}\n\n${list(values)}`;
      out += `\n### ${onlyTypes.length} types only${from}\n\n${list(onlyTypes)}`;
    }
  }
  return out;
}

if (import.meta.main) {
  for (const dir of Bun.argv.slice(2)) {
    writeFileSync(join(root, dir, "api.md"), await apiReport(dir));
    console.log(`${dir}/api.md written`);
  }
}
