// What opencode parses when it loads the plugin: the server entry and the chunks it imports statically
// (dynamic imports, such as the tokenizer's rank table and the memory file's parser, load later or never).
import { readFileSync } from "node:fs";
import { join } from "node:path";

export function filesLoadedAtStart(dist: string, entry = "server.js"): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(join(dist, file), "utf8");
    for (const match of text.matchAll(/^import [^;]*? from "\.\/(chunk-[\w-]+\.js)"/gm)) queue.push(match[1]!);
  }
  return [...seen].sort();
}

/** The npm packages bundled into `files`, read from the `// path` line Bun writes above each module. */
export function bundledPackages(dist: string, files: readonly string[]): Set<string> {
  const packages = new Set<string>();
  for (const file of files)
    for (const [, path] of readFileSync(join(dist, file), "utf8").matchAll(/^\/\/ (\S*node_modules\/\S+)$/gm)) {
      const inside = path!.slice(path!.lastIndexOf("node_modules/") + "node_modules/".length).split("/");
      packages.add(inside[0]!.startsWith("@") ? `${inside[0]}/${inside[1]}` : inside[0]!);
    }
  return packages;
}
