/**
 * README.md stays short (at most 300 lines: what verifield is, one example per field, the set-up
 * commands, links into docs/), and no link of the documentation is broken: every relative link of
 * README.md and docs/**\/*.md names an existing file and, with a `#anchor`, a heading of that file
 * (GitHub's slugs). The `docs/….md#anchor` citations of comments in src/, test/ and scripts/ are
 * held to the same rule.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/repo-root.js';

/** Every file under `folder` (relative to the repository) whose name ends with `extension`. */
function filesUnder(folder: string, extension: string): string[] {
  return readdirSync(join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(extension))
    .map((name) => join(folder, name))
    .filter((path) => statSync(join(repoRoot, path)).isFile());
}

/** The text outside fenced code blocks and inline code spans, where links are links. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchors for the headings of a markdown file: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, text] of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = (text as string)
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Why `target`, linked from the file `from` (both relative to the repository), does not resolve; null when it does. */
function brokenBecause(from: string, target: string): string | null {
  const [path = '', anchor] = target.split('#');
  const file = path === '' ? join(repoRoot, from) : resolve(repoRoot, dirname(from), decodeURI(path));
  if (!existsSync(file)) return `no file ${relative(repoRoot, file)}`;
  if (anchor === undefined || anchor === '') return null;
  if (!file.endsWith('.md')) return `an anchor into ${relative(repoRoot, file)}, which has no headings`;
  return anchorsOf(readFileSync(file, 'utf8')).has(anchor) ? null : `no heading #${anchor} in ${relative(repoRoot, file)}`;
}

const documents = ['README.md', ...filesUnder('docs', '.md')];

describe('README.md', () => {
  it('is at most 300 lines', () => {
    const lines = readFileSync(join(repoRoot, 'README.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(300);
  });
});

describe('links of the documentation', () => {
  it.each(documents)('every relative link of %s resolves to a file and heading', (document) => {
    const text = prose(readFileSync(join(repoRoot, document), 'utf8'));
    const targets = [...text.matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)].map((match) => match[1] as string);
    const broken = targets
      .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target))
      .map((target) => ({ target, because: brokenBecause(document, target) }))
      .filter((link) => link.because !== null);
    expect(broken).toEqual([]);
  });

  it('computes the anchors GitHub does', () => {
    expect([...anchorsOf("## Messages in the user's language: `verifield/messages`\n## `verifield/adapters` (Node)\n## Jobs\n## Jobs")]).toEqual([
      'messages-in-the-users-language-verifieldmessages',
      'verifieldadapters-node',
      'jobs',
      'jobs-1',
    ]);
  });
});

describe('documentation cited by comments', () => {
  const sources = ['src', 'test', 'scripts'].flatMap((folder) => filesUnder(folder, '.ts'));

  it('names headings that exist', () => {
    const broken: string[] = [];
    for (const source of sources) {
      for (const [, target] of readFileSync(join(repoRoot, source), 'utf8').matchAll(/\b(docs\/[\w/.-]+\.md#[\w-]+)/g)) {
        const because = brokenBecause('README.md', target as string);
        if (because !== null) broken.push(`${source}: ${target} (${because})`);
      }
    }
    expect(broken).toEqual([]);
  });
});
