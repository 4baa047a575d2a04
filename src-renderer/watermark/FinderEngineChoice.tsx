import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { StagedFile, WatermarkProposal } from '../../src-shared/ipc/contract.ts';
import type { Box } from '../../src-shared/domain/mask-anchor.ts';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
import { formatCredits } from '../../src-shared/i18n/formats.ts';
import { EnginePreviews } from './EnginePreviews.tsx';
import { expectsTrace } from '../../src-shared/domain/expected-quality.ts';
import { expectedSentence, expectedShort } from '../../src-shared/i18n/expected-words.ts';

export type Engine = 'service' | 'local';

/** Pixels of photo shown around the marks in the side-by-side previews. */
const AROUND_PX = 24;

/** The box around every mark of the group on an image of this size, widened a little. */
function aroundMarks(group: WatermarkProposal['groups'][number], file: StagedFile): Box {
  const boxes =
    group.masks.find((mask) => mask.width === file.width && mask.height === file.height)?.boxes ??
    [];
  if (boxes.length === 0) return { x: 0, y: 0, width: file.width, height: file.height };
  const x = Math.max(0, Math.min(...boxes.map((box) => box.x)) - AROUND_PX);
  const y = Math.max(0, Math.min(...boxes.map((box) => box.y)) - AROUND_PX);
  const right = Math.min(
    file.width,
    Math.max(...boxes.map((box) => box.x + box.width)) + AROUND_PX,
  );
  const bottom = Math.min(
    file.height,
    Math.max(...boxes.map((box) => box.y + box.height)) + AROUND_PX,
  );
  return { x, y, width: right - x, height: bottom - y };
}

/**
 * Who cleans a group when nobody has chosen: the service. The self-check's figure is shown
 * beside the choice, but it does not choose the free engine by itself: on the real-marks
 * bench it promised up to 9 dB more than the engine gave where the finder's mask missed
 * part of the mark, and a default nobody looked at must not leave the mark visible.
 */
export const DEFAULT_ENGINE: Engine = 'service';

/**
 * Who cleans a measured group, with one of its images cleaned both ways to judge by, and
 * the quality the self-check expects of this computer's.
 */
export function EngineChoice(props: {
  index: number;
  group: WatermarkProposal['groups'][number];
  estimateId: string;
  files: Map<string, StagedFile>;
  engine: Engine;
  onEngine: (engine: Engine) => void;
  previewBase: string;
  demo: boolean;
}) {
  const intl = useIntl();
  const { group, index } = props;
  const expected = group.expectedDb ?? null;
  const sample = [...group.images]
    .filter((image) => image.present && image.maskToken)
    .sort((a, b) => b.score - a.score)[0];
  const file = sample && props.files.get(sample.token);
  const [strokes] = useState<Stroke[]>(() =>
    sample ? [{ kind: 'bitmap', token: sample.maskToken as string }] : [],
  );
  const name = `engine-${index}`;
  return (
    <>
      <fieldset className="engine-choice">
        <legend>{intl.formatMessage({ id: 'finder.who' })}</legend>
        <label>
          <input
            type="radio"
            name={name}
            checked={props.engine === 'service'}
            onChange={() => props.onEngine('service')}
          />
          {intl.formatMessage({ id: 'finder.byService' }, { credits: formatCredits(intl, 1) })}
        </label>
        <label>
          <input
            type="radio"
            name={name}
            checked={props.engine === 'local'}
            onChange={() => props.onEngine('local')}
          />
          {intl.formatMessage({ id: 'finder.byComputer' })}
        </label>
        {expected !== null && (
          <p className="hint" data-testid="expected-quality">
            {[
              expectedSentence(intl, expected),
              ...(expectsTrace(expected) ? [intl.formatMessage({ id: 'quality.notChosen' })] : []),
            ].join(' ')}
          </p>
        )}
      </fieldset>
      {file && (
        <EnginePreviews
          file={file}
          strokes={strokes}
          estimateId={props.estimateId}
          around={aroundMarks(group, file)}
          previewBase={props.previewBase}
          demo={props.demo}
          {...(expected !== null ? { expected: expectedShort(intl, expected) } : {})}
        />
      )}
    </>
  );
}
