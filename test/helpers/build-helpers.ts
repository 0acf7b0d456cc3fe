import { buildSite, type BuildResult } from '../../src/build/build-site.ts';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import { MemoryWriter } from '../../src/site/writer.ts';

/** Builds a site into memory and returns the writer with every output file. */
export async function buildInMemory(root: string): Promise<{ out: MemoryWriter; result: BuildResult }> {
  const out = new MemoryWriter();
  const result = await buildSite({ root, writer: out, logger: silentLogger });
  return { out, result };
}
