/**
 * Import circles among the app's own modules, type-only imports included: a circle makes a
 * module's meaning depend on the order files load in, and says two modules are one subject
 * split in the wrong place. `node --experimental-strip-types scripts/import-circles.ts`
 * prints each circle; the unit test holds the number at its target.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROOMS = ['src-main', 'src-shared', 'src-renderer'];
const IMPORT = /^(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

/** One import of a module by another, as written: type-only imports erase at run time. */
export interface ImportEdge {
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** Every module of the three rooms with the modules of theirs it imports. */
export function importGraph(): Map<string, ImportEdge[]> {
  const files = ROOMS.flatMap(sourceFiles);
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      const edges = [...text.matchAll(IMPORT)]
        .map((match) => ({
          to: path.posix.normalize(path.posix.join(path.posix.dirname(file), match[2] ?? '')),
          typeOnly: match[1] !== undefined,
        }))
        .filter((edge) => known.has(edge.to));
      return [file, edges];
    }),
  );
}

/** The circles: each group of modules that reach one another (Tarjan's strongly connected parts). */
export function importCircles(graph = importGraph()): string[][] {
  let next = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const { to } of graph.get(file) ?? []) {
      if (!order.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file) ?? 0, order.get(to) ?? 0));
    }
    if (low.get(file) !== order.get(file)) return;
    const part: string[] = [];
    let top: string | undefined;
    do {
      top = stack.pop();
      if (top === undefined) break;
      onStack.delete(top);
      part.push(top);
    } while (top !== file);
    if (part.length > 1) circles.push(part.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return circles.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const circles = importCircles();
  for (const circle of circles) console.log(circle.join(' -> '));
  console.log(`${circles.length} import circle(s)`);
}
