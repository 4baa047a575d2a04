import type { Handlers } from '../../../src-shared/ipc/common.ts';
import type { profilesContract } from '../../../src-shared/ipc/profiles.ts';
import { said } from '../i18n/core-words.ts';
import { probeFile } from '../media/probe-file.ts';
import { profileEstimates, type SizedImage } from '../profiles/profile-clean.ts';
import type { ProfileStore } from '../profiles/profile-store.ts';
import { UserFacingError } from '../user-error.ts';
import type { Skipped, StagingDesk } from './staging-desk.ts';

/**
 * Watermark profiles in the window: the list, a found mark saved under a name, and a
 * profile's measurement handed to staged images, which Start then cleans on this computer
 * like any found group's. Export and import are the shell's (they open a dialog).
 */
export class ProfilesDesk {
  readonly handlers: Handlers<typeof profilesContract>;

  constructor(profiles: ProfileStore, staging: StagingDesk) {
    this.handlers = {
      'profiles:list': () => profiles.list(),
      'profiles:save': async ({ name, estimateId }) => {
        const bytes = await staging.estimates.bytes(estimateId);
        if (!bytes) throw new UserFacingError({ id: 'core.profiles.findAgain' });
        return { profile: await profiles.save(name, bytes) };
      },
      'profiles:delete': async ({ name }) => {
        await profiles.remove(name);
        return { deleted: true as const };
      },
      'profiles:use': async ({ name, tokens }) => {
        const profile = await profiles.load(name);
        const images: Array<SizedImage & { token: string }> = [];
        const leftOut: Skipped[] = [];
        for (const token of tokens) {
          const staged = staging.entry(token);
          const probe = staged ? await probeFile(staged.path) : undefined;
          if (!staged || !probe?.ok) {
            leftOut.push({ path: staged?.path ?? token, reason: said('core.app.imageGone') });
          } else
            images.push({ token, path: staged.path, width: probe.width, height: probe.height });
        }
        const placed = await profileEstimates(profile, images, staging.estimates);
        const local: Record<string, string> = {};
        for (const image of images) {
          const estimate = placed.measured.get(image.path);
          if (estimate) local[image.token] = estimate;
        }
        return { local, leftOut: [...leftOut, ...placed.leftOut] };
      },
    };
  }
}
