import { bridge } from './bridge.ts';
import { takeClips } from './clips/clips-store.ts';
import { useWorkspace } from './watermark/workspace-store.ts';

/**
 * Stages the files opened with Clearframe (Open with, a second launch, `clearframe open`)
 * exactly as dropped ones (clips to the Videos area, the rest to the images): those that came before the window asked, then each new lot as
 * main says there is one. `show` brings the Images screen, where they are listed.
 */
export function followOpenedFiles(show: () => void): () => void {
  const take = async () => {
    const result = await bridge().invoke('app:takeOpened');
    if (!result.ok) {
      useWorkspace.setState({ error: result.error.message });
      return;
    }
    if (result.value.paths.length === 0) return;
    show();
    const rest = takeClips(result.value.paths);
    if (rest.length > 0) await useWorkspace.getState().stage(rest);
  };
  void take();
  return bridge().on('app:opened', () => void take());
}
