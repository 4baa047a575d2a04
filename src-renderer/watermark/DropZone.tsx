import { useRef, useState, type DragEvent } from 'react';
import { FolderOpen, ImagePlus, Images } from 'lucide-react';
import { useIntl } from 'react-intl';
import { bridge } from '../bridge.ts';
import { useJobs } from '../jobs-store.ts';
import { Button } from '../ui/Button.tsx';
import { useToast } from '../ui/Toast.tsx';
import { useWorkspace } from './workspace-store.ts';

/** True once any job exists; stops at the first key, so a queue of 10,000 costs nothing. */
function anyJob(jobs: Record<string, unknown>): boolean {
  for (const key in jobs) if (Object.hasOwn(jobs, key)) return true;
  return false;
}

/**
 * Where images and folders are dropped (or picked: files through the page's file input,
 * folders through the system's folder dialog, which the page cannot open); their paths go
 * to `onPaths`, a chosen folder's exactly as a dropped one's. Once
 * something is staged or queued it shrinks to a slim "add more" bar, so the lists it feeds
 * stay in view; it takes drops the same in both forms.
 */
export function DropZone(props: { onPaths: (paths: string[]) => void }) {
  const intl = useIntl();
  const add = props.onPaths;
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const staged = useWorkspace((state) => state.staged.length > 0);
  const queued = useJobs((state) => anyJob(state.jobs));
  const compact = staged || queued;
  const toast = useToast();

  const send = (files: Iterable<File>) => {
    const paths = [...files].map((file) => bridge().pathForFile(file)).filter(Boolean);
    if (paths.length > 0) add(paths);
  };
  const chooseFolders = async () => {
    const chosen = await bridge().invoke('media:chooseFolders');
    if (!chosen.ok) toast(chosen.error.message, 'error');
    else if (chosen.value.paths.length > 0) add(chosen.value.paths);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    send(event.dataTransfer.files);
  };

  return (
    <section
      className={`dropzone${compact ? ' compact' : ''}${over ? ' over' : ''}`}
      data-testid="drop-zone"
      aria-label={intl.formatMessage({ id: 'drop.label' })}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <ImagePlus aria-hidden="true" className="dropzone-icon" size={compact ? 20 : 40} />
      <p>{intl.formatMessage({ id: compact ? 'drop.more' : 'drop.first' })}</p>
      <div className="dropzone-actions">
        <Button
          variant={compact ? 'secondary' : 'primary'}
          icon={Images}
          onClick={() => input.current?.click()}
        >
          {intl.formatMessage({ id: 'drop.choose' })}
        </Button>
        <Button icon={FolderOpen} onClick={() => void chooseFolders()}>
          {intl.formatMessage({ id: 'drop.chooseFolder' })}
        </Button>
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*,video/mp4,video/quicktime,video/webm"
        multiple
        hidden
        onChange={(event) => send(event.target.files ?? [])}
      />
    </section>
  );
}
