import { API_KEY_KINDS, apiKeyProblem, type ApiKeyKind } from '../../src-shared/domain/api-keys.ts';
import { AuthenticationError } from '../core/api/errors.ts';
import { VideoClient } from '../core/api/video-client.ts';
import { WatermarkClient } from '../core/api/watermark-client.ts';
import { errorValue } from '../core/jobs/outcome.ts';
import { parseCommand } from './args.ts';
import { EXIT } from './exit-codes.ts';
import { quotaLine } from './quota-report.ts';
import { BASE_URL_ENV, CliSession, SESSION_OPTIONS } from './session.ts';

export const KEY_USAGE = `Usage: clearframe key set|test|clear watermark|video
  set reads the key from standard input (typed without echo on a terminal), so it never
  appears in your shell history or the process list.`;

const NAMES: Record<ApiKeyKind, string> = {
  watermark: 'watermark API token',
  video: 'video API key',
};

/** Reads one line; on a terminal without showing what is typed. */
async function readSecret(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    let text = '';
    for await (const chunk of input) text += String(chunk);
    return text.replace(/\r?\n$/, '');
  }
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (char === '\u0003') {
          finish();
          reject(new Error('canceled'));
          return;
        }
        if (char === '\u007f') value = value.slice(0, -1);
        else value += char;
      }
    };
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
    };
    input.on('data', onData);
    input.resume();
  });
}

/** `clearframe key set|test|clear <kind>`: the keys in the system keychain. */
export async function runKey(args: string[]): Promise<number> {
  const { values, positionals } = parseCommand('key', args, {
    allowPositionals: true,
    options: SESSION_OPTIONS,
  });
  const [action, kind] = positionals as [string | undefined, string | undefined];
  if (
    !action ||
    !['set', 'test', 'clear'].includes(action) ||
    !API_KEY_KINDS.includes(kind as ApiKeyKind)
  ) {
    console.error(KEY_USAGE);
    return EXIT.usage;
  }
  const which = kind as ApiKeyKind;
  if (values.demo) {
    console.error('clearframe key: the built-in simulator needs no key; leave out --demo.');
    return EXIT.usage;
  }
  const session = await CliSession.open(values);
  try {
    if (action === 'clear') {
      const removed = await session.keys.clear(which);
      console.log(
        removed
          ? `The ${NAMES[which]} was removed from the system keychain.`
          : `No ${NAMES[which]} was stored.`,
      );
      return EXIT.done;
    }
    const baseUrl =
      process.env[BASE_URL_ENV[which]] ??
      (which === 'watermark' ? session.settings.watermarkBaseUrl : session.settings.videoBaseUrl);
    const host = new URL(baseUrl).host;
    let key: string | undefined;
    if (action === 'set') {
      key = (
        await readSecret(`Paste the ${NAMES[which]} and press Enter (it is not shown): `)
      ).trim();
      const problem = apiKeyProblem(key);
      if (problem) {
        console.error(`clearframe key: ${problem}`);
        return EXIT.usage;
      }
    } else {
      key = await session.keys.read(which);
      if (!key) {
        console.error(
          `clearframe key: no ${NAMES[which]} is set. Run "clearframe key set ${which}".`,
        );
        return EXIT.noKey;
      }
    }
    const candidate = key;
    const options = { baseUrl, key: () => candidate, transport: session.transport };
    try {
      const quota =
        which === 'watermark'
          ? await new WatermarkClient(options).quota()
          : await new VideoClient(options).quota();
      if (action === 'set') await session.keys.set(which, candidate);
      console.log(
        `${action === 'set' ? 'Saved in the system keychain. ' : ''}The key works: ${quotaLine(which, quota, host)}`,
      );
      return EXIT.done;
    } catch (error) {
      if (error instanceof AuthenticationError) {
        console.error(
          `clearframe key: ${host} refused this ${NAMES[which]}: ${errorValue(error).message}${action === 'set' ? ' It was not saved.' : ''}`,
        );
        return EXIT.noKey;
      }
      // The service could not be reached: a key cannot be judged, so a new one is kept.
      if (action === 'set') await session.keys.set(which, candidate);
      console.error(
        `clearframe key: could not reach ${host} to test the key (${errorValue(error).message}).${action === 'set' ? ' It was saved; run "clearframe key test ' + which + '" later.' : ''}`,
      );
      return EXIT.someFailed;
    }
  } finally {
    await session.close();
  }
}
