import { API_KEY_KINDS, type ApiKeyKind } from '../../src-shared/domain/api-keys.ts';
import { InvalidKeyError } from '../core/secrets/api-keys.ts';
import { checkKey, testAndKeepKey, type KeyCheck } from '../core/secrets/test-key.ts';
import { UserFacingError } from '../core/user-error.ts';
import { parseCommand } from './args.ts';
import { EXIT } from './exit-codes.ts';
import { CliSession, SESSION_OPTIONS } from './session.ts';
import { words } from './words.ts';

export const keyUsage = () => words('cli.key.usage');

/** A line that says what stopped `clearframe key`. */
const problem = (text: string) => words('cli.commandProblem', { command: 'key', problem: text });

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
    console.error(keyUsage());
    return EXIT.usage;
  }
  const which = kind as ApiKeyKind;
  if (values.demo) {
    console.error(problem(words('cli.key.noDemo')));
    return EXIT.usage;
  }
  const session = await CliSession.open(values);
  try {
    if (action === 'clear') {
      const removed = await session.keys.clear(which);
      console.log(words(removed ? 'cli.key.removed' : 'cli.key.noneStored', { kind: which }));
      return EXIT.done;
    }
    const service = { baseUrl: session.endpoints.serviceUrl(which), transport: session.transport };
    let check: KeyCheck;
    if (action === 'set') {
      const key = (await readSecret(`${words('cli.key.paste', { kind: which })} `)).trim();
      try {
        check = await testAndKeepKey(which, key, session.keys, service);
      } catch (error) {
        if (!(error instanceof UserFacingError)) throw error;
        console.error(problem(error.userMessage));
        return error instanceof InvalidKeyError ? EXIT.usage : EXIT.someFailed;
      }
    } else {
      const key = await session.keys.read(which);
      if (!key) {
        console.error(problem(words('cli.key.notSet', { kind: which })));
        return EXIT.noKey;
      }
      check = await checkKey(which, key, service, false);
    }
    if (check.outcome === 'accepted') {
      console.log(check.message);
      return EXIT.done;
    }
    console.error(problem(check.message));
    return check.outcome === 'refused' ? EXIT.noKey : EXIT.someFailed;
  } finally {
    await session.close();
  }
}
