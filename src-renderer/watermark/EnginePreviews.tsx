import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useStagedNames } from './shown-names.ts';
import type { StagedFile } from '../../src-shared/ipc/contract.ts';
import type { Box } from '../../src-shared/domain/mask-anchor.ts';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
import { formatCredits } from '../../src-shared/i18n/formats.ts';
import { bridge } from '../bridge.ts';
import { PaidQuestion } from '../components/PaidQuestion.tsx';
import { Button } from '../ui/Button.tsx';
import { Progress } from '../ui/Progress.tsx';

type Side =
  | { kind: 'waiting' }
  | { kind: 'asking' }
  | { kind: 'making' }
  | { kind: 'ready'; previewId: string }
  | { kind: 'failed'; message: string };

function readyOrFailed(
  result: { ok: true; value: { previewId: string } } | { ok: false; error: { message: string } },
): Side {
  return result.ok
    ? { kind: 'ready', previewId: result.value.previewId }
    : { kind: 'failed', message: result.error.message };
}

/**
 * One image of a group cleaned by each engine, side by side and enlarged around the mark,
 * before the user chooses: by the service (made at once in demo mode, where it is free;
 * otherwise only after a button that says it uses a credit and asks once) and on this
 * computer (free, made at once).
 */
export function EnginePreviews(props: {
  file: StagedFile;
  strokes: readonly Stroke[];
  estimateId: string;
  /** Where the mark is, in the image's pixels: the part both pictures show, enlarged. */
  around: Box;
  previewBase: string;
  demo: boolean;
  /** The quality the self-check expects of this computer's cleaning, said beside its picture. */
  expected?: string;
}) {
  const intl = useIntl();
  const { file, strokes, estimateId, demo, around } = props;
  const name = useStagedNames()(file);
  // A preview by the service is one image sent: the price of one.
  const credits = formatCredits(intl, 1);
  const [local, setLocal] = useState<Side>({ kind: 'making' });
  const [service, setService] = useState<Side>(demo ? { kind: 'making' } : { kind: 'waiting' });
  const askService = (confirmed: boolean) => {
    setService({ kind: 'making' });
    void bridge()
      .invoke('media:previewService', { token: file.token, strokes: [...strokes], confirmed })
      .then((result) => setService(readyOrFailed(result)));
  };
  useEffect(() => {
    // Mounted once per image and measurement, so it starts in "making".
    let current = true;
    void bridge()
      .invoke('media:previewUnblend', { token: file.token, estimateId })
      .then((result) => {
        if (current) setLocal(readyOrFailed(result));
      });
    if (demo) {
      void bridge()
        .invoke('media:previewService', {
          token: file.token,
          strokes: [...strokes],
          confirmed: false,
        })
        .then((result) => {
          if (current) setService(readyOrFailed(result));
        });
    }
    return () => {
      current = false;
    };
  }, [file.token, estimateId, strokes, demo]);

  const pane = { file, around, previewBase: props.previewBase };
  return (
    <section
      className="engine-previews"
      aria-label={intl.formatMessage({ id: 'preview.eachEngine' }, { name })}
      data-testid="engine-previews"
    >
      <p className="hint engine-previews-note">
        {intl.formatMessage({ id: 'preview.enlarged' }, { name })}
      </p>
      {/* In the order the choice above offers them: the service, then this computer. */}
      <EnginePane
        {...pane}
        side={service}
        what={intl.formatMessage({ id: 'preview.cleanedService' })}
        making={intl.formatMessage({ id: 'preview.serviceCleaning' })}
        caption={intl.formatMessage({ id: 'preview.byService' }, { credits, demo: String(demo) })}
      >
        {service.kind === 'waiting' && (
          <Button onClick={() => setService({ kind: 'asking' })}>
            {intl.formatMessage({ id: 'preview.askService' }, { credits })}
          </Button>
        )}
        {service.kind === 'asking' && (
          <PaidQuestion
            question={intl.formatMessage({ id: 'preview.question' }, { name, credits })}
            label={intl.formatMessage({ id: 'preview.confirm' }, { name })}
            onConfirm={() => askService(true)}
            onBack={() => setService({ kind: 'waiting' })}
          />
        )}
      </EnginePane>
      <EnginePane
        {...pane}
        side={local}
        what={intl.formatMessage({ id: 'preview.cleanedLocal' })}
        making={intl.formatMessage({ id: 'preview.undoing' })}
        caption={intl.formatMessage({ id: 'finder.byComputer' })}
        {...(props.expected ? { note: props.expected } : {})}
      />
    </section>
  );
}

/**
 * One engine's picture, enlarged so that `around` fills its frame, with what it is; while
 * it is being made, a progress line; when it failed, why; `children` are its own controls.
 */
function EnginePane(props: {
  file: StagedFile;
  around: Box;
  previewBase: string;
  side: Side;
  /** What the picture is, for its alternative text: "cleaned on this computer". */
  what: string;
  making: string;
  caption: string;
  /** A second line under the caption. */
  note?: string;
  children?: ReactNode;
}) {
  const intl = useIntl();
  const { file, around, side, making } = props;
  return (
    <figure>
      <span
        className="engine-picture"
        style={{ aspectRatio: `${around.width} / ${around.height}` }}
      >
        {side.kind === 'ready' && (
          <img
            src={`${props.previewBase}local-preview/${side.previewId}`}
            alt={intl.formatMessage(
              { id: 'compare.picture' },
              { name: file.name, what: props.what },
            )}
            style={{
              width: `${(file.width / around.width) * 100}%`,
              left: `${(-around.x / around.width) * 100}%`,
              top: `${(-around.y / around.height) * 100}%`,
            }}
          />
        )}
        {side.kind === 'failed' && (
          <p className="error" role="alert">
            {side.message}
          </p>
        )}
        {side.kind === 'making' && (
          <div role="status" className="preview-making">
            <Progress label={making} />
            <span>{making}…</span>
          </div>
        )}
        {props.children}
      </span>
      <figcaption>
        {props.caption}
        {props.note && (
          <>
            <br />
            <span className="hint" data-testid="expected-short">
              {props.note}
            </span>
          </>
        )}
      </figcaption>
    </figure>
  );
}
