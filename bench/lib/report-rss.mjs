// Preloaded into a build's child process (`node --import`) when /usr/bin/time is missing:
// prints the process's peak RSS and CPU time for bench/lib/measure-build.ts as it exits.
process.on('exit', () => {
  const { maxRSS, userCPUTime, systemCPUTime } = process.resourceUsage();
  process.stderr.write(`\nBENCH_RESOURCE_USAGE ${JSON.stringify({ maxRSS, userCPUTime, systemCPUTime })}\n`);
});
