import { useRef, useState } from 'react';
import type { WatermarkJobView } from '../../src-shared/ipc/contract.ts';

/**
 * The original and the cleaned image: on top of each other split by a slider, or side by
 * side with zoom and scrolling kept in step, so the same spot is always under the eye.
 */
export function CompareView(props: { job: WatermarkJobView; previewBase: string }) {
  const { job, previewBase } = props;
  const [mode, setMode] = useState<'slider' | 'side'>('slider');
  const [split, setSplit] = useState(50);
  const [zoom, setZoom] = useState(1);
  const panes = [useRef<HTMLDivElement>(null), useRef<HTMLDivElement>(null)];
  const syncing = useRef(false);
  if (job.state !== 'done' || !job.outputPath) return null;
  const before = `${previewBase}job/${job.id}/input`;
  const after = `${previewBase}job/${job.id}/output`;
  const sync = (from: number) => {
    if (syncing.current) return;
    const source = panes[from]?.current;
    const target = panes[1 - from]?.current;
    if (!source || !target) return;
    syncing.current = true;
    target.scrollLeft = source.scrollLeft;
    target.scrollTop = source.scrollTop;
    requestAnimationFrame(() => (syncing.current = false));
  };

  return (
    <section aria-labelledby="compare-title" className="compare">
      <h2 id="compare-title">Before and after: {job.name}</h2>
      <div className="actions">
        <button type="button" aria-pressed={mode === 'slider'} onClick={() => setMode('slider')}>
          Slider
        </button>
        <button type="button" aria-pressed={mode === 'side'} onClick={() => setMode('side')}>
          Side by side
        </button>
        <label>
          Zoom
          <select value={zoom} onChange={(event) => setZoom(Number(event.target.value))}>
            <option value={1}>Fit</option>
            <option value={2}>200 %</option>
            <option value={4}>400 %</option>
          </select>
        </label>
      </div>
      {mode === 'slider' ? (
        <>
          <div className="compare-frame" style={{ width: `${zoom * 100}%` }}>
            <img src={after} alt={`${job.name}, cleaned`} />
            <img
              src={before}
              alt={`${job.name}, original`}
              className="before"
              style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
            />
          </div>
          <label>
            Split
            <input
              type="range"
              min={0}
              max={100}
              value={split}
              onChange={(event) => setSplit(Number(event.target.value))}
            />
          </label>
        </>
      ) : (
        <div className="side-by-side">
          {[before, after].map((src, index) => (
            <div
              key={src}
              ref={panes[index]}
              className="pane"
              onScroll={() => sync(index)}
              data-testid={`compare-pane-${index}`}
            >
              <img
                src={src}
                alt={`${job.name}, ${index === 0 ? 'original' : 'cleaned'}`}
                style={{ width: `${zoom * 100}%` }}
              />
            </div>
          ))}
        </div>
      )}
      <p className="saved-to" data-testid="saved-to">
        Saved to {job.outputPath}
      </p>
    </section>
  );
}
