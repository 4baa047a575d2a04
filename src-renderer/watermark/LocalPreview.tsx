import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { StagedFile } from '../../src-shared/ipc/contract.ts';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
import { bridge } from '../bridge.ts';
import { Progress } from '../ui/Progress.tsx';
import { CompareView } from './CompareView.tsx';

type PreviewState =
  { kind: 'making' } | { kind: 'ready'; previewId: string } | { kind: 'failed'; message: string };

/**
 * A free repaint of one staged image, made on this computer before anything is paid for:
 * enough to see whether the mask covers the whole mark. It says plainly that the service's
 * own result will differ.
 */
export function LocalPreview(props: {
  file: StagedFile;
  strokes: readonly Stroke[];
  previewBase: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const { file, strokes } = props;
  const title = intl.formatMessage({ id: 'preview.title' }, { name: file.name });
  const [state, setState] = useState<PreviewState>({ kind: 'making' });
  useEffect(() => {
    // Opened once per image (the dialog is keyed by it), so it starts in "making".
    let current = true;
    void bridge()
      .invoke('media:previewClean', { token: file.token, strokes: [...strokes] })
      .then((result) => {
        if (!current) return;
        setState(
          result.ok
            ? { kind: 'ready', previewId: result.value.previewId }
            : { kind: 'failed', message: result.error.message },
        );
      });
    return () => {
      current = false;
    };
  }, [file.token, strokes]);

  if (state.kind === 'ready') {
    return (
      <CompareView
        pair={{
          name: file.name,
          title,
          before: `${props.previewBase}staged/${file.token}`,
          after: `${props.previewBase}local-preview/${state.previewId}`,
          afterWord: intl.formatMessage({ id: 'preview.afterWord' }),
        }}
        note={
          <p className="hint" data-testid="preview-note">
            {intl.formatMessage({ id: 'preview.note' })}
          </p>
        }
        onPrevious={null}
        onNext={null}
        onClose={props.onClose}
      />
    );
  }
  return (
    <section className="compare" aria-label={title}>
      <h2>{title}</h2>
      {state.kind === 'making' ? (
        <div role="status" className="preview-making">
          <Progress label={intl.formatMessage({ id: 'preview.making' })} />
          <span>{intl.formatMessage({ id: 'preview.repainting' })}</span>
        </div>
      ) : (
        <p className="error" role="alert">
          {intl.formatMessage({ id: 'preview.failed' }, { reason: state.message })}
        </p>
      )}
      <div className="actions">
        <span className="spacer" />
        <button type="button" onClick={props.onClose}>
          {intl.formatMessage({ id: 'preview.close' })}
        </button>
      </div>
    </section>
  );
}
