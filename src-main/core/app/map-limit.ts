/** `items.map(work)` with at most `limit` at once, results in the order of the items. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * `work` over items as a source gives them, at most `limit` at once, each result given in
 * the source's order as soon as it and those before it are ready. Results wait in order at
 * most `limit` × 4 deep, so one slow item holds up the giving, not the work. The source is
 * read no further once `stop` says so: the work already begun still ends and is given.
 * `work` must not reject.
 */
export async function* mapInOrder<T, R>(
  source: AsyncIterable<T>,
  limit: number,
  work: (item: T) => Promise<R>,
  stop: () => boolean = () => false,
): AsyncGenerator<R> {
  const begun: Array<Promise<R>> = [];
  let running = 0;
  let freed: (() => void) | undefined;
  const slot = async (item: T): Promise<R> => {
    running += 1;
    try {
      return await work(item);
    } finally {
      running -= 1;
      freed?.();
    }
  };
  for await (const item of source) {
    if (stop()) break;
    while (running >= limit) await new Promise<void>((resolve) => (freed = resolve));
    begun.push(slot(item));
    if (begun.length >= limit * 4) yield await (begun.shift() as Promise<R>);
  }
  while (begun.length > 0) yield await (begun.shift() as Promise<R>);
}
