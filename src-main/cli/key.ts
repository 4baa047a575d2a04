import { API_KEY_KINDS, type ApiKeyKind } from '../../src-shared/domain/api-keys.ts';
import { InvalidKeyError } from '../core/secrets/api-keys.ts';
import { checkKey, KEY_NAME, testAndKeepKey, type KeyCheck } from '../core/secrets/test-key.ts';
import { UserFacingError } from '../core/user-error.ts';
import { parseCommand } from './args.ts';
import { EXIT } from './exit-codes.ts';
import { CliSession, SESSION_OPTIONS } from './session.ts';

export const KEY_USAGE = `Usage: clearframe key set|test|clear watermark|video
  set reads the key from standard input (typed without echo on a terminal), so it never
  appears in your shell history or the process list.`;

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
          ? `The ${KEY_NAME[which]} was removed from the system keychain.`
          : `No ${KEY_NAME[which]} was stored.`,
      );
      return EXIT.done;
    }
    const service = { baseUrl: session.endpoints.serviceUrl(which), transport: session.transport };
    let check: KeyCheck;
    if (action === 'set') {
      const key = (
        await readSecret(`Paste the ${KEY_NAME[which]} and press Enter (it is not shown): `)
      ).trim();
      try {
        check = await testAndKeepKey(which, key, session.keys, service);
      } catch (error) {
        if (!(error instanceof UserFacingError)) throw error;
        console.error(`clearframe key: ${error.userMessage}`);
        return error instanceof InvalidKeyError ? EXIT.usage : EXIT.someFailed;
      }
    } else {
      const key = await session.keys.read(which);
      if (!key) {
        console.error(
          `clearframe key: no ${KEY_NAME[which]} is set. Run "clearframe key set ${which}".`,
        );
        return EXIT.noKey;
      }
      check = await checkKey(which, key, service, false);
    }
    if (check.outcome === 'accepted') {
      console.log(check.message);
      return EXIT.done;
    }
    console.error(`clearframe key: ${check.message}`);
    return check.outcome === 'refused' ? EXIT.noKey : EXIT.someFailed;
  } finally {
    await session.close();
  }
}
