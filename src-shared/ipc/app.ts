import { z } from 'zod';
import { API_KEY_KINDS } from '../domain/api-keys.ts';
import type { DomainContract } from './common.ts';

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  /** True while the built-in simulator stands in for the watermark service. */
  demoMode: z.boolean(),
  /** Every service the built-in simulator stands in for: demo mode is per service. */
  demoServices: z.array(z.enum(API_KEY_KINDS)),
  /** Where previews of local files come from: `<previewBase>job/<id>/input`, `staged/<token>`… */
  previewBase: z.string(),
  /** The operating system's preferred languages, best first; absent when the host cannot tell. */
  languages: z.array(z.string()).optional(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

export const noticeSchema = z.object({
  level: z.enum(['info', 'warning', 'error']),
  message: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** The app desk: who the app is and how start-up went. */
export const appContract = {
  'app:info': { request: z.undefined(), response: appInfoSchema },
  /** What the window should say about how start-up went (a damaged database set aside, no keychain…). */
  'app:notices': {
    request: z.undefined(),
    response: z.object({ notices: z.array(noticeSchema) }),
  },
  /**
   * The files and folders opened with Clearframe (Open with, a second launch, `clearframe
   * open`) since the window last asked; each is given once. `app:opened` says there are more.
   */
} as const satisfies DomainContract;
