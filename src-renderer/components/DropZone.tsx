import { useRef, useState, type DragEvent } from 'react';
import { bridge } from '../bridge.ts';

/** Where images and folders are dropped (or picked); their paths go to `onPaths`. */
export function DropZone(props: { onPaths: (paths: string[]) => void }) {
  const add = props.onPaths;
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const send = (files: Iterable<File>) => {
    const paths = [...files].map((file) => bridge().pathForFile(file)).filter(Boolean);
    if (paths.length > 0) add(paths);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    send(event.dataTransfer.files);
  };

  return (
    <section
      className={`dropzone${over ? ' over' : ''}`}
      data-testid="drop-zone"
      aria-label="Drop images or folders here"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <p>Drop images or folders here to remove watermarks</p>
      <button type="button" onClick={() => input.current?.click()}>
        Choose images…
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        onChange={(event) => send(event.target.files ?? [])}
      />
    </section>
  );
}
