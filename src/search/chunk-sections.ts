import type { PageSection } from './extract-sections.ts';

/** A search record: one chunk of a page section, the unit that postings and hits point to. */
export interface RecordDraft {
  /** Index of the section in the page (0 = intro). */
  section: number;
  anchor?: string;
  heading?: string;
  text: string;
  /** First chunk of its section: the heading counts fully here, as context elsewhere. */
  first: boolean;
}

/** Chunk sizes in words. */
export interface ChunkLimits {
  /** A chunk is closed at a block boundary once it has this many words. @default 120 */
  target?: number;
  /** No chunk is longer (long blocks are cut between words). @default 180 */
  max?: number;
}

/**
 * Cuts sections into records of about `target` words, at block boundaries where possible, so
 * a hit's snippet comes from near the match and each fragment file stays small. The intro
 * always yields a record (a title-only match still needs somewhere to point); other sections
 * yield one when they have a heading or text.
 */
export function chunkSections(options: { sections: PageSection[]; limits?: ChunkLimits }): RecordDraft[] {
  const target = options.limits?.target ?? 120;
  const max = options.limits?.max ?? 180;
  const records: RecordDraft[] = [];
  options.sections.forEach(({ anchor, heading, blocks }, section) => {
    const start = records.length;
    // The chunk so far: whole blocks or runs of words, joined by spaces, and its word count.
    // Blocks are only split into words when one must be cut (copying every block's words
    // into the chunk and joining them again was a fifth of indexing 10,000 pages).
    let pieces: string[] = [];
    let count = 0;
    const emit = () => {
      records.push({ section, anchor, heading, text: pieces.join(' '), first: records.length === start });
      pieces = [];
      count = 0;
    };
    for (const block of blocks) {
      const words = wordCount(block);
      if (count > 0 && count + words > max) emit();
      if (count + words <= max) {
        pieces.push(block);
        count += words;
      } else {
        // A block longer than `max` is cut between words and continues in the next chunk.
        let rest = block.split(' ');
        while (rest.length > 0) {
          const room = max - count;
          pieces.push(rest.slice(0, room).join(' '));
          count += Math.min(room, rest.length);
          rest = rest.slice(room);
          if (rest.length > 0) emit();
        }
      }
      if (count >= target) emit();
    }
    if (count > 0) emit();
    else if (records.length === start && (section === 0 || heading)) emit();
  });
  return records;
}

/** Words of a block as the chunker counts them: one more than its spaces. */
function wordCount(block: string): number {
  let n = 1;
  for (let at = block.indexOf(' '); at !== -1; at = block.indexOf(' ', at + 1)) n++;
  return n;
}
