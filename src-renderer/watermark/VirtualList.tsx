import { useState, type ReactNode } from 'react';

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
}) {
  const [top, setTop] = useState(0);
  const overscan = 6;
  const first = Math.max(0, Math.floor(top / props.rowHeight) - overscan);
  const last = Math.min(props.count, Math.ceil((top + props.height) / props.rowHeight) + overscan);
  const rows: ReactNode[] = [];
  for (let index = first; index < last; index += 1) {
    rows.push(
      <div
        key={index}
        role="listitem"
        className="vrow"
        style={{ top: index * props.rowHeight, height: props.rowHeight }}
      >
        {props.renderRow(index)}
      </div>,
    );
  }
  return (
    <div
      className="vlist"
      role="list"
      aria-label={props.label}
      data-testid={props.testId}
      style={{ height: Math.min(props.height, props.count * props.rowHeight + 2) }}
      onScroll={(event) => setTop(event.currentTarget.scrollTop)}
    >
      <div style={{ height: props.count * props.rowHeight, position: 'relative' }}>{rows}</div>
    </div>
  );
}
