// Every relative link in the repository's Markdown (the root's *.md, docs/ and
// mcp/*.md) must reach a file of the repository, and a link with a #fragment a
// heading of that file, so moving or renaming a document or a heading cannot
// leave a reader at a dead end. Links that leave the repository (../shared, an
// absolute path) are refused too: users clone only this repository.
// Anchors are GitHub's: the heading's text, lowercased, punctuation removed,
// spaces to hyphens, a repeated heading suffixed -1, -2, ...
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(__dirname, "..");

function markdownFiles(dir: string, recursive: boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return recursive ? markdownFiles(path, true) : [];
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

/** Fenced code blocks and inline code spans blanked out: a link or heading inside them is not one. */
function withoutCode(text: string): string {
  const lines = text.split("\n");
  let fence: string | null = null;
  const kept = lines.map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return "";
    }
    if (marker) {
      fence = marker;
      return "";
    }
    return line;
  });
  return kept.join("\n").replace(/(`+)[^`]*?\1/g, "");
}

/** GitHub's anchor for a heading's text (github-slugger's rule). */
export function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // a link's text only
    .replace(/[*`]/g, "")
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "").replace(/\s/g, "-");
}

/** The anchors of a Markdown text's headings, repeated ones numbered as GitHub does. */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  // headings are read from the text with its fences removed, but inline code kept (it counts in the anchor)
  const lines = text.split("\n");
  let fence: string | null = null;
  for (const line of lines) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const match of text.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) result.add(match[1]!);
  return result;
}

/** The link targets of a Markdown text: inline links and images, and reference definitions. */
export function linkTargets(text: string): string[] {
  const prose = withoutCode(text);
  const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
  const defined = [...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/gm)].map((match) => match[1]!);
  return [...inline, ...defined];
}

type Problem = { file: string; target: string; problem: string };

/** What is wrong with each relative link of `file` (empty when every link resolves). */
export function brokenLinks(file: string, text: string, readText = (path: string) => readFileSync(path, "utf8")) {
  const problems: Problem[] = [];
  const name = relative(root, file);
  for (const target of linkTargets(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue; // https:, mailto:, ...
    const [pathPart = "", fragment] = target.split("#", 2) as [string, string | undefined];
    const path = decodeURIComponent(pathPart);
    if (path.startsWith("/")) {
      problems.push({ file: name, target, problem: "an absolute path: link relative to this file" });
      continue;
    }
    const resolved = path === "" ? file : resolve(dirname(file), path);
    if (resolved !== root && !resolved.startsWith(root + sep)) {
      problems.push({ file: name, target, problem: "leaves the repository" });
      continue;
    }
    if (!existsSync(resolved)) {
      problems.push({ file: name, target, problem: "no such file" });
      continue;
    }
    if (fragment === undefined || fragment === "") continue;
    if (statSync(resolved).isDirectory() || !resolved.endsWith(".md")) {
      problems.push({ file: name, target, problem: "a #fragment on a file that is not Markdown" });
      continue;
    }
    if (!anchors(readText(resolved)).has(decodeURIComponent(fragment).toLowerCase()))
      problems.push({ file: name, target, problem: "no such heading" });
  }
  return problems;
}

const files = [
  ...markdownFiles(root, false),
  ...markdownFiles(join(root, "docs"), true),
  ...markdownFiles(join(root, "mcp"), false),
];

describe("links in the Markdown documents", () => {
  it("finds the documents", () => {
    const names = files.map((file) => relative(root, file));
    expect(names).toEqual(expect.arrayContaining(["README.md", "ARCHITECTURE.md", "docs/api.md"]));
  });

  it.each(files.map((file) => [relative(root, file), file]))("%s: every relative link resolves", (_name, file) => {
    expect(brokenLinks(file, readFileSync(file, "utf8"))).toEqual([]);
  });
});

describe("the link checker", () => {
  const here = join(root, "docs", "example.md");
  const texts: Record<string, string> = {
    [join(root, "docs", "api.md")]: "# The API contract\n\n## Errors\n\n## Errors\n",
  };
  const check = (text: string) => brokenLinks(here, text, (path) => texts[path] ?? readFileSync(path, "utf8"));

  it("reports a missing file, a missing heading and a link out of the repository", () => {
    expect(check("[a](missing.md) [b](api.md#no-such-heading) [c](../../shared/x.md) [d](/etc/passwd)")).toEqual([
      { file: "docs/example.md", target: "missing.md", problem: "no such file" },
      { file: "docs/example.md", target: "api.md#no-such-heading", problem: "no such heading" },
      { file: "docs/example.md", target: "../../shared/x.md", problem: "leaves the repository" },
      { file: "docs/example.md", target: "/etc/passwd", problem: "an absolute path: link relative to this file" },
    ]);
  });

  it("accepts existing files and headings, repeated headings numbered, and skips URLs and code", () => {
    const text = [
      "[a](api.md) [b](api.md#errors) [c](api.md#errors-1) [d](https://example.com/x.md) [e](decisions)",
      "`[f](missing.md)`",
      "```",
      "[g](missing.md)",
      "```",
    ].join("\n");
    expect(check(text)).toEqual([]);
  });

  it("makes GitHub's anchors", () => {
    expect(slug("Reporting (E9, E10): every report")).toBe("reporting-e9-e10-every-report");
    expect(slug("`npm run admin` and the CLI")).toBe("npm-run-admin-and-the-cli");
    expect(slug("Where to go next")).toBe("where-to-go-next");
    expect(slug("Decisions 0400-0408: delivery")).toBe("decisions-0400-0408-delivery");
  });
});
