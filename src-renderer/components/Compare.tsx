import { useState } from 'react';
import type { WatermarkJobView } from '../../src-shared/ipc/contract.ts';

/** The original and the cleaned image on top of each other, split where the slider is. */
export function Compare(props: { job: WatermarkJobView; previewBase: string }) {
  const [split, setSplit] = useState(50);
  const { job, previewBase } = props;
  if (job.state !== 'done' || !job.outputPath) return null;
  return (
    <section aria-labelledby="compare-title" className="compare">
      <h2 id="compare-title">Before and after: {job.name}</h2>
      <div className="compare-frame">
        <img src={`${previewBase}job/${job.id}/output`} alt={`${job.name}, cleaned`} />
        <img
          src={`${previewBase}job/${job.id}/input`}
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
      <p className="saved-to" data-testid="saved-to">
        Saved to {job.outputPath}
      </p>
    </section>
  );
}
