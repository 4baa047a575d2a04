/** Waits for one of a media element's events, or fails on its `error`. */
function next(video: HTMLVideoElement, event: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      video.removeEventListener('error', failed);
      resolve();
    };
    const failed = () => {
      video.removeEventListener(event, done);
      reject(new Error('The clip could not be played here to take its last frame.'));
    };
    video.addEventListener(event, done, { once: true });
    video.addEventListener('error', failed, { once: true });
  });
}

/**
 * A clip's last picture as its player draws it, as a PNG in base64: for a round the service
 * kept no last frame for. Only the window can decode video (the main process has no
 * decoder), so the frame is taken here and handed over with the extension.
 */
export async function takeLastFrame(src: string): Promise<string> {
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  const loaded = next(video, 'loadeddata');
  video.src = src;
  try {
    await loaded;
    const seeked = next(video, 'seeked');
    // Seeking to the very end shows the clip's last frame.
    video.currentTime = video.duration;
    await seeked;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
  } finally {
    video.removeAttribute('src');
    video.load();
  }
}
