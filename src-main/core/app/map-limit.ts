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
 * the source's order as soon as it and those before it are ready. The source is read no
 * further than `limit` items ahead, and not at all once `stop` says so: the work already
 * begun still ends and is given. `work` must not reject.
 */
export async function* mapInOrder<T, R>(
  source: AsyncIterable<T>,
  limit: number,
  work: (item: T) => Promise<R>,
  stop: () => boolean = () => false,
): AsyncGenerator<R> {
  const begun: Array<Promise<R>> = [];
  for await (const item of source) {
    if (stop()) break;
    begun.push(work(item));
    if (begun.length >= limit) yield await (begun.shift() as Promise<R>);
  }
  while (begun.length > 0) yield await (begun.shift() as Promise<R>);
}
