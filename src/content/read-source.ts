import { readFile } from 'node:fs/promises';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { FENCE_HINT, fenceProblem, type SiteFence } from './site-fence.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Plain words, and what to do, for the errors a content file can give. */
const permissions = 'Check the file permissions (`chmod a+r`), or move the file out of the content folder.';
const reasons: Record<string, { reason: string; hint: string }> = {
  EACCES: { reason: 'permission denied', hint: permissions },
  EPERM: { reason: 'permission denied', hint: permissions },
  ENOENT: { reason: 'it does not exist (a broken symbolic link?)', hint: 'Point the link at an existing file, or delete it.' },
  EISDIR: { reason: 'it is a folder', hint: 'Rename the folder so its name does not end in `.md`.' },
  ELOOP: { reason: 'its symbolic links form a loop', hint: 'Point the link at an existing file, or delete it.' },
};

/**
 * Reads a text file as strict UTF-8. Returns the text, or a diagnostic naming the file when it
 * cannot be read, is not UTF-8 (a lossy decode would silently corrupt the page), or is outside
 * the `fence` (a symbolic link out of the site: `content/outside-site`).
 */
export async function readSource(absPath: string, file: string, fence: SiteFence): Promise<{ text: string } | { diagnostic: Diagnostic }> {
  const outside = fenceProblem(fence, absPath);
  if (outside !== undefined) {
    return { diagnostic: { file, severity: 'error', ruleId: 'content/outside-site', message: `Cannot read the file: ${outside}`, hint: FENCE_HINT } };
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(absPath);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code ?? 'error';
    return {
      diagnostic: {
        file, severity: 'error', ruleId: 'content/unreadable',
        message: `Cannot read the file: ${reasons[code]?.reason ?? (cause as Error).message} (${code})`,
        hint: reasons[code]?.hint ?? permissions,
      },
    };
  }
  try {
    const text = utf8.decode(bytes);
    return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  } catch {
    const offset = firstInvalidUtf8(bytes);
    const before = bytes.subarray(0, offset).toString('latin1');
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    return {
      diagnostic: {
        file, line, column, severity: 'error', ruleId: 'content/encoding',
        message: 'Expected UTF-8 text, found an invalid byte sequence',
        hint: 'Re-save the file as UTF-8 (most editors: "Save with encoding").',
      },
    };
  }
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
function firstInvalidUtf8(bytes: Buffer): number {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b < 0x80) continue;
    const len = b >= 0xf0 && b < 0xf8 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 && b < 0xe0 ? 2 : 0;
    if (len === 0 || (len === 3 && b >= 0xf0)) return i;
    for (let k = 1; k < len; k++) if ((bytes[i + k] & 0xc0) !== 0x80) return i;
    i += len - 1;
  }
  return bytes.length;
}
