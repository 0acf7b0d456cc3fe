/**
 * The fenced code blocks of the site's Markdown (docs and blog), with the file, line and title
 * each one is shown with, for content tests that run or check what the pages print.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Code, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

/** The repository root. */
export const repoRoot = path.resolve(import.meta.dirname, '../..');
const contentDir = path.join(repoRoot, 'content');
const frontMatterRE = /^---\n[\s\S]*?\n---\n/;

/** One fenced block: `file` is repo-relative and `line` is the fence's line as an editor shows it. */
export interface CodeBlock {
  file: string;
  line: number;
  lang: string;
  title: string;
  value: string;
}

/** Every fenced block of every `.md` file under `content/`, in file order. */
export function codeBlocks(): CodeBlock[] {
  const parser = unified().use(remarkParse).use(remarkGfm);
  const found: CodeBlock[] = [];
  const files = (readdirSync(contentDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.md')).sort();
  for (const rel of files) {
    const file = `content/${rel.split(path.sep).join('/')}`;
    const text = readFileSync(path.join(contentDir, rel), 'utf8');
    const frontMatter = frontMatterRE.exec(text)?.[0] ?? '';
    // Positions are counted from the end of the front matter: shift them back to the file's lines.
    const offset = frontMatter.split('\n').length - 1;
    visit(parser.parse(text.slice(frontMatter.length)) as Root, 'code', (node: Code) => {
      found.push({
        file,
        line: node.position!.start.line + offset,
        lang: node.lang ?? '',
        title: /title="([^"]*)"/.exec(node.meta ?? '')?.[1] ?? '',
        value: node.value,
      });
    });
  }
  return found;
}

/** `file:line "title"`, the way a failure names a block. */
export function where(block: CodeBlock): string {
  return `${block.file}:${block.line} "${block.title}"`;
}
