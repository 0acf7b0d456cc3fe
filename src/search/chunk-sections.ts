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
    let words: string[] = [];
    const emit = () => {
      records.push({ section, anchor, heading, text: words.join(' '), first: records.length === start });
      words = [];
    };
    for (const block of blocks) {
      let rest = block.split(' ');
      if (words.length > 0 && words.length + rest.length > max) emit();
      // A block longer than `max` is cut between words and continues in the next chunk.
      while (rest.length > 0) {
        const room = max - words.length;
        words.push(...rest.slice(0, room));
        rest = rest.slice(room);
        if (rest.length > 0) emit();
      }
      if (words.length >= target) emit();
    }
    if (words.length > 0) emit();
    else if (records.length === start && (section === 0 || heading)) emit();
  });
  return records;
}
