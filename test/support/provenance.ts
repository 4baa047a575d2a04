import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  PROVENANCE_LOG,
  provenanceLineSchema,
  type ProvenanceLine,
} from '../../src-main/core/media/output.ts';
import { errorCode } from '../../src-main/core/error-code.ts';

/**
 * The provenance lines Clearframe wrote in an output folder, each checked by the schema it was
 * written with: none while the folder has no log yet (a test counting lines then fails on the
 * count), a line that does not read throws.
 */
export async function readProvenance(folder: string): Promise<ProvenanceLine[]> {
  let text: string;
  try {
    text = await readFile(path.join(folder, PROVENANCE_LOG), 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => provenanceLineSchema.parse(JSON.parse(line)));
}
