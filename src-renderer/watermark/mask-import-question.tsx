import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
import type { InvokeResponse } from '../../src-shared/ipc/contract.ts';
import { formatPercent } from '../../src-shared/i18n/formats.ts';
import { bridge } from '../bridge.ts';
import { InlineQuestion } from './InlineQuestion.tsx';
import { MARKED_DIGITS } from './mask-words.ts';

type Imported = NonNullable<InvokeResponse<'mask:import'>>;

/**
 * Asked when an imported mask marks every pixel: the file means the whole image or nothing,
 * and which is the user's to say before it is used. Importing nothing changes nothing.
 */
function WholeMaskQuestion(props: {
  everything: NonNullable<Imported['everything']>;
  onWhole: () => void;
  onNothing: () => void;
}) {
  const intl = useIntl();
  return (
    <InlineQuestion
      testId="whole-mask-question"
      question={intl.formatMessage({
        id:
          props.everything === 'all-white'
            ? 'core.maskImport.allWhite'
            : 'core.maskImport.allMarked',
      })}
      act={intl.formatMessage({ id: 'mask.wholeUse' })}
      keep={intl.formatMessage({ id: 'mask.wholeNothing' })}
      onAct={props.onWhole}
      onKeep={props.onNothing}
    />
  );
}

/**
 * "Import mask…" for the mask editor: asks main for a mask file checked against the image,
 * adds it to the strokes with a note of what was read, and first asks what a mask that marks
 * every pixel means (the command line asks the same, or wants `--mask-whole`).
 */
export function useMaskImport(
  token: string,
  commit: (strokes: Stroke[]) => void,
  note: (text: string | null) => void,
): { importMask: () => Promise<void>; question: ReactNode } {
  const intl = useIntl();
  const [asking, setAsking] = useState<Imported | null>(null);
  const take = (imported: Imported) => {
    commit([{ kind: 'bitmap', token: imported.maskToken }]);
    const read = intl.formatMessage(
      { id: 'mask.imported' },
      {
        percent: formatPercent(intl, imported.fraction, MARKED_DIGITS),
        scaled: String(imported.resized),
        whiteOnBlack: String(imported.convention === 'white-on-black'),
      },
    );
    // The warnings are main's own sentences, each whole.
    note([read, ...imported.warnings].join(' '));
  };
  const importMask = async () => {
    const result = await bridge().invoke('mask:import', { token });
    if (!result.ok) return note(result.error.message);
    if (!result.value) return;
    if (result.value.everything) setAsking(result.value);
    else take(result.value);
  };
  const question = asking?.everything && (
    <WholeMaskQuestion
      everything={asking.everything}
      onWhole={() => {
        setAsking(null);
        take(asking);
      }}
      onNothing={() => {
        setAsking(null);
        note(intl.formatMessage({ id: 'mask.wholeNotImported' }));
      }}
    />
  );
  return { importMask, question };
}
