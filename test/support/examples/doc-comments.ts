/**
 * The `@example` blocks of a source file's doc comments. An `@example` tag runs to the next tag or
 * the end of its comment. Inside it, each fenced block (```ts … ```) is one example and the text
 * around the fences is prose; a tag without fences is one example as a whole, from the text after
 * the tag on its own line on.
 */

/** One line of an example and where it is in its source file. */
export interface ExampleLine {
  /** 1-based line number in the source file. */
  number: number;
  text: string;
}

export interface DocExample {
  /** Repository-relative path, `src/iban/index.ts`. */
  file: string;
  /** `src/iban/index.ts:127`: the file and the example's first line. */
  location: string;
  lines: ExampleLine[];
}

const DOC_COMMENT = /\/\*\*[\s\S]*?\*\//g;
/** The ` * ` (or opening `/**`) that starts a doc-comment line, and the closing `*\/`. */
const LINE_PREFIX = /^\s*(?:\/\*\*|\*(?!\/))? ?/;
const COMMENT_END = /\s*\*\/\s*$/;
const TAG = /^@(\w+)\s?(.*)$/;
const FENCE_OPEN = /^\s*```(?:ts|typescript)\s*$/;
const FENCE_CLOSE = /^\s*```\s*$/;

/** The lines of each `@example` tag of one doc comment, comment markers removed. */
function exampleTags(comment: string, firstNumber: number): ExampleLine[][] {
  const tags: ExampleLine[][] = [];
  let current: ExampleLine[] | null = null;
  comment.split('\n').forEach((raw, index) => {
    const text = raw.replace(COMMENT_END, '').replace(LINE_PREFIX, '');
    const tag = TAG.exec(text);
    if (tag !== null) {
      current = tag[1] === 'example' ? [] : null;
      if (current !== null) tags.push(current);
      if (current !== null && (tag[2] as string).trim() !== '') current.push({ number: firstNumber + index, text: tag[2] as string });
      return;
    }
    current?.push({ number: firstNumber + index, text });
  });
  return tags;
}

function trimBlankLines(lines: ExampleLine[]): ExampleLine[] {
  const filled = lines.map((line) => line.text.trim() !== '');
  const first = filled.indexOf(true);
  return first === -1 ? [] : lines.slice(first, filled.lastIndexOf(true) + 1);
}

/** The fenced blocks of one tag, or the whole tag when it has no fence. */
function examplesOfTag(lines: ExampleLine[]): ExampleLine[][] {
  if (!lines.some((line) => FENCE_OPEN.test(line.text))) return [trimBlankLines(lines)].filter((example) => example.length > 0);
  const examples: ExampleLine[][] = [];
  let fenced: ExampleLine[] | null = null;
  for (const line of lines) {
    if (fenced === null) {
      if (FENCE_OPEN.test(line.text)) fenced = [];
    } else if (FENCE_CLOSE.test(line.text)) {
      examples.push(fenced);
      fenced = null;
    } else {
      fenced.push(line);
    }
  }
  // A fence left open runs to the end of the tag.
  if (fenced !== null) examples.push(fenced);
  return examples.map(trimBlankLines).filter((example) => example.length > 0);
}

/** Every example of the doc comments of `text`, the source of `file`. */
export function docExamplesOf(file: string, text: string): DocExample[] {
  return [...text.matchAll(DOC_COMMENT)].flatMap((match) => {
    const firstNumber = text.slice(0, match.index).split('\n').length;
    return exampleTags(match[0], firstNumber)
      .flatMap(examplesOfTag)
      .map((lines) => ({ file, location: `${file}:${(lines[0] as ExampleLine).number}`, lines }));
  });
}
