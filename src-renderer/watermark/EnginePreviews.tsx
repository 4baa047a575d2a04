import { useEffect, useState } from 'react';
import type { StagedFile } from '../../src-shared/ipc/contract.ts';
import type { Box } from '../../src-shared/domain/mask-anchor.ts';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
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
 * before the user chooses: on
 * this computer (free, made at once) and by the service (made at once in demo mode, where
 * it is free; otherwise only after a button that says it uses a credit and asks once).
 */
export function EnginePreviews(props: {
  file: StagedFile;
  strokes: readonly Stroke[];
  estimateId: string;
  /** Where the mark is, in the image's pixels: the part both pictures show, enlarged. */
  around: Box;
  previewBase: string;
  demo: boolean;
}) {
  const { file, strokes, estimateId, demo, around } = props;
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

  // The whole picture laid so that `around` fills the frame.
  const placed = {
    width: `${(file.width / around.width) * 100}%`,
    left: `${(-around.x / around.width) * 100}%`,
    top: `${(-around.y / around.height) * 100}%`,
  };
  const picture = (side: Side, word: string, making: string) => {
    if (side.kind === 'ready') {
      return (
        <img
          src={`${props.previewBase}local-preview/${side.previewId}`}
          alt={`${file.name}, ${word}`}
          style={placed}
        />
      );
    }
    if (side.kind === 'failed') {
      return (
        <p className="error" role="alert">
          {side.message}
        </p>
      );
    }
    if (side.kind === 'making') {
      return (
        <div role="status" className="preview-making">
          <Progress label={making} />
          <span>{making}…</span>
        </div>
      );
    }
    return null;
  };
  return (
    <section
      className="engine-previews"
      aria-label={`${file.name} cleaned by each engine`}
      data-testid="engine-previews"
    >
      <p className="hint engine-previews-note">
        {file.name}, enlarged around the mark, cleaned each way:
      </p>
      <figure>
        <span
          className="engine-picture"
          style={{ aspectRatio: `${around.width} / ${around.height}` }}
        >
          {picture(local, 'cleaned on this computer', 'Undoing the mark on this computer')}
        </span>
        <figcaption>On this computer — free</figcaption>
      </figure>
      <figure>
        <span
          className="engine-picture"
          style={{ aspectRatio: `${around.width} / ${around.height}` }}
        >
          {picture(service, 'cleaned by the service', 'The service is cleaning it')}
          {service.kind === 'waiting' && (
            <Button onClick={() => setService({ kind: 'asking' })}>
              Preview with the service – 1 credit
            </Button>
          )}
          {service.kind === 'asking' && (
            <PaidQuestion
              question={`Send ${file.name} to the service for a preview, for 1 credit?`}
              label={`Confirm previewing ${file.name} with the service`}
              onConfirm={() => askService(true)}
              onBack={() => setService({ kind: 'waiting' })}
            />
          )}
        </span>
        <figcaption>The service — 1 credit an image{demo ? ' (free in demo mode)' : ''}</figcaption>
      </figure>
    </section>
  );
}
