import { describe, expect, it } from 'vitest';
import { commandToRun, createProgram } from '../../bin/program.ts';

// Issue 28 › 4: bin/sitegen.js re-runs `sitegen build` with a bigger heap. Which command the
// arguments run is commander's answer from the real program, not a second list of options.
describe('commandToRun', () => {
  it('skips the program options and their values as commander does', () => {
    expect(commandToRun(['build'])).toBe('build');
    expect(commandToRun(['--root', 'build', 'serve'])).toBe('serve');
    expect(commandToRun(['--root=build', 'dev', '--port', '4000'])).toBe('dev');
    expect(commandToRun(['--root', 'site', 'build', '--out-dir', 'dev'])).toBe('build');
    expect(commandToRun(['serve', '--dir', 'build'])).toBe('serve');
  });

  it('knows every option that takes a value, from the program definition', () => {
    const program = createProgram();
    const withValue = [program, ...program.commands].flatMap((c) => c.options.filter((o) => o.required).map((o) => ({ command: c, flag: o.long! })));
    expect(withValue.map((o) => o.flag).sort()).toEqual(['--dir', '--dir', '--host', '--host', '--out-dir', '--port', '--port', '--root']);
    for (const { command, flag } of withValue) {
      // A value that names another command is still a value (a port must be a number).
      const value = flag === '--port' ? '4000' : 'build';
      const args = command === program ? [flag, 'build', 'serve'] : [command.name(), flag, value];
      expect(commandToRun(args), args.join(' ')).toBe(command === program ? 'serve' : command.name());
    }
  });

  it('runs no command for help, a missing command or arguments commander rejects', () => {
    // `build --help` prints help and builds nothing: no re-run with a bigger heap.
    expect(commandToRun(['build', '--help'])).toBeUndefined();
    expect(commandToRun(['--root', 'x', 'build', '-h'])).toBeUndefined();
    expect(commandToRun(['help', 'build'])).toBeUndefined();
    expect(commandToRun(['--help'])).toBeUndefined();
    expect(commandToRun([])).toBeUndefined();
    expect(commandToRun(['--root'])).toBeUndefined();
    // `-h` as the value of `--out-dir` is a folder name, not a request for help.
    expect(commandToRun(['build', '--out-dir', '-h'])).toBe('build');
  });
});
