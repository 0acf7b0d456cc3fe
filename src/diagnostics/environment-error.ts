/**
 * Faults of the machine rather than of sitegen or of the site: a full disk, a folder the user may
 * not write, a loop of symbolic links, too many open files. They deserve a message that names the
 * path and says what to do, not "Internal error: sitegen crashed".
 */
import path from 'node:path';
import type { Diagnostic } from './diagnostic.ts';

/** Why each error code happens, in plain words, and what to do about it (`{path}`: the path). */
const FAULTS: Record<string, { reason: string; hint: string }> = {
  ENOSPC: { reason: 'no space is left on the device', hint: 'Free some space on the disk that holds `{path}` (`df -h`), then run again; the previous build is intact.' },
  EDQUOT: { reason: 'the disk quota is used up', hint: 'Free some space under your quota, then run again; the previous build is intact.' },
  EACCES: { reason: 'permission denied', hint: 'Give the user running sitegen access to `{path}` (`ls -ld`, `chmod`, `chown`), or build into another folder with `--out-dir`.' },
  EPERM: { reason: 'the operation is not permitted', hint: 'Give the user running sitegen access to `{path}` (`ls -ld`, `chmod`, `chown`), or build into another folder with `--out-dir`.' },
  EROFS: { reason: 'the file system is read-only', hint: 'Build into a folder on a writable disk with `--out-dir`.' },
  ELOOP: { reason: 'its symbolic links form a loop', hint: 'Point the link at a real file or folder, or delete it.' },
  EMFILE: { reason: 'this process has too many open files', hint: 'Raise the limit (`ulimit -n 4096`) and run again.' },
  ENFILE: { reason: 'the system has too many open files', hint: 'Close other programs, or raise the system limit, and run again.' },
  EIO: { reason: 'the device reported an input/output error', hint: 'Check the disk that holds `{path}`.' },
  EBUSY: { reason: 'it is in use by another process', hint: 'Close what holds `{path}` open (an editor, a file server) and run again.' },
  ENAMETOOLONG: { reason: 'the path is too long for the file system', hint: 'Use a shorter slug or file name, or a shorter output path.' },
};

/** What a system call was doing, as a verb phrase. */
const ACTIONS: Record<string, string> = {
  open: 'open', read: 'read', write: 'write', mkdir: 'create the folder', rename: 'rename', unlink: 'delete',
  rmdir: 'delete the folder', rm: 'delete', scandir: 'list the folder', stat: 'read', lstat: 'read', copyfile: 'copy to',
  realpath: 'follow', readlink: 'follow', access: 'read', chmod: 'change', utime: 'change', symlink: 'link', link: 'link',
};

/**
 * The diagnostic for an error of the environment anywhere in `error`'s cause chain (a Node.js
 * system error with a known code), with its path relative to `cwd`; `undefined` for anything else.
 */
export function environmentDiagnostic(error: unknown, cwd: string = process.cwd()): Diagnostic | undefined {
  for (let cause: unknown = error, depth = 0; cause && depth < 10; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { code, syscall, path: at, dest } = cause as NodeJS.ErrnoException & { dest?: string };
    const fault = code ? FAULTS[code] : undefined;
    if (!fault) continue;
    const shown = at ? path.relative(cwd, at) || '.' : '.';
    const action = (syscall && ACTIONS[syscall]) ?? 'use';
    const target = dest && syscall === 'rename' ? ` to \`${path.relative(cwd, dest) || '.'}\`` : '';
    // What was being made does not exist yet: access is needed to the folder it goes in.
    const creating = at && ['mkdir', 'open', 'rename', 'copyfile', 'symlink', 'link'].includes(syscall ?? '');
    const folder = creating ? path.relative(cwd, path.dirname(at)) || '.' : shown;
    return {
      file: shown, severity: 'error', ruleId: `env/${code!.toLowerCase()}`,
      message: `Cannot ${action} \`${shown}\`${target}: ${fault.reason} (${code})`,
      hint: fault.hint.replaceAll('{path}', folder),
      cause: error,
    };
  }
  return undefined;
}
