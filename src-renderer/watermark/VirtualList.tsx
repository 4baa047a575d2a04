import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/**
 * Renders only the rows in view (plus a few either side), so a list of 10,000 images costs
 * what a list of thirty does. Rows have one fixed height.
 */
export function VirtualList(props: {
  count: number;
  rowHeight: number;
  height: number;
  label: string;
  renderRow: (index: number) => ReactNode;
  testId?: string;
  /** A row kept rendered and scrolled into view: the one keyboard focus is on. */
  keep?: number;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** Called when the last rows come into view: a list read a page at a time reads more. */
  onNearEnd?: () => void;
}) {
  const [top, setTop] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const { keep, rowHeight, height } = props;
  useEffect(() => {
    const el = box.current;
    if (!el || keep === undefined) return;
    const rowTop = keep * rowHeight;
    if (rowTop < el.scrollTop) el.scrollTop = rowTop;
    else if (rowTop + rowHeight > el.scrollTop + el.clientHeight) {
      el.scrollTop = rowTop + rowHeight - el.clientHeight;
    }
  }, [keep, rowHeight]);
  const overscan = 6;
  const first = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const last = Math.min(props.count, Math.ceil((top + height) / rowHeight) + overscan);
  const nearEnd = props.onNearEnd;
  useEffect(() => {
    if (nearEnd && last >= props.count) nearEnd();
  }, [nearEnd, last, props.count]);
  const indices: number[] = [];
  // The focused row stays in the page while it scrolls in, so focus is never dropped.
  if (keep !== undefined && keep < first && keep < props.count) indices.push(keep);
  for (let index = first; index < last; index += 1) indices.push(index);
  if (keep !== undefined && keep >= last && keep < props.count) indices.push(keep);
  return (
    <div
      ref={box}
      className="vlist"
      role="list"
      aria-label={props.label}
      data-testid={props.testId}
      style={{ height: Math.min(height, props.count * rowHeight + 2) }}
      onScroll={(event) => setTop(event.currentTarget.scrollTop)}
      onKeyDown={props.onKeyDown}
    >
      <div style={{ height: props.count * rowHeight, position: 'relative' }}>
        {indices.map((index) => (
          <div
            key={index}
            role="listitem"
            className="vrow"
            style={{ top: index * rowHeight, height: rowHeight }}
          >
            {props.renderRow(index)}
          </div>
        ))}
      </div>
    </div>
  );
}
