import { describe, expect, it } from 'vitest';
import { lintFindings } from '../support/lint.ts';

/** What the catalogue rules say about `code` were it the file at `filePath`. */
async function wordErrors(filePath: string, code: string): Promise<string[]> {
  const found = await lintFindings(filePath, code, (rule) => rule.startsWith('words/'));
  return found.map((finding) => `${finding.rule}: ${finding.message}`);
}

const TRANSLATED = 'src-renderer/watermark/JobTable.tsx';

type Cases = Array<[what: string, code: string]>;

/** One test per piece of code the rules must refuse, and one per piece they must allow, in `filePath`. */
function refusesAndAllows(filePath: string, refused: Cases, allowed: Cases): void {
  it.each(refused)('refuses %s', async (_what, code) => {
    expect(await wordErrors(filePath, code)).not.toEqual([]);
  });
  it.each(allowed)('allows %s', async (_what, code) => {
    expect(await wordErrors(filePath, code)).toEqual([]);
  });
}

describe('words written into a converted screen instead of the catalogue', () => {
  it.each([
    ['text between tags', 'export const A = () => <p>Results</p>;'],
    ['a string in braces', "export const A = () => <p>{'Results'}</p>;"],
    ['a template', 'export const A = (n: number) => <p>{`${n} done`}</p>;'],
    ['either side of a choice', "export const A = (b: boolean) => <p>{b ? 'On' : 'Off'}</p>;"],
    ['an accessible name', 'export const A = () => <button aria-label="Close" />;'],
    ['a hover title', 'export const A = () => <span title="Takes a while" />;'],
    ['a label given to our own control', 'export const A = () => <Progress label="Upload" />;'],
    ['a question given to our own control', 'export const A = () => <Ask question="Pay?" />;'],
    ['an option’s label', "export const options = [{ value: 'fit', label: 'Fit' }];"],
  ])('refuses %s', async (_what, code) => {
    expect(await wordErrors(TRANSLATED, code)).not.toEqual([]);
  });

  it.each([
    ['a message', "export const A = () => <p>{intl.formatMessage({ id: 'jobs.title' })}</p>;"],
    ['a space between a label and its control', "export const A = () => <p>{' '}</p>;"],
    ['a separator between two messages', "export const A = () => <p>{' · '}–</p>;"],
    [
      'a class name or a test id',
      'export const A = () => <p className="job-state" data-testid="x" />;',
    ],
  ])('allows %s', async (_what, code) => {
    expect(await wordErrors(TRANSLATED, code)).toEqual([]);
  });

  it('covers every screen, and leaves code that is not a screen alone', async () => {
    const code = 'export const A = () => <p>Results</p>;';
    expect(await wordErrors('src-renderer/video/VideoWorkspace.tsx', code)).not.toEqual([]);
    expect(await wordErrors('src-renderer/settings/settings-store.ts', code)).toEqual([]);
  });
});

describe('words printed by a converted command-line file instead of the catalogue', () => {
  const CLI = 'src-main/cli/jobs.ts';

  refusesAndAllows(
    CLI,
    [
      ['a string', "console.log('images: none');"],
      ['a template', 'export const f = (n: number) => console.error(`${n} done`);'],
      [
        'either side of a choice',
        "export const f = (b: boolean) => console.log(b ? 'on' : 'off');",
      ],
      ['a string added to a value', "export const f = (n: string) => console.log('name: ' + n);"],
      ['a write to standard error', "process.stderr.write('Nothing was queued.\\n');"],
    ],
    [
      [
        'a message',
        "declare const words: (id: string) => string; console.log(words('cli.jobs.none'));",
      ],
      [
        'values and punctuation',
        'export const f = (a: string, b: string) => console.log(`${a} -> ${b}`);',
      ],
      ['a terminal code', "process.stdout.write('\\x1b[2J\\x1b[H');"],
      ['JSON for scripts', 'export const f = (v: object) => console.log(JSON.stringify(v));'],
    ],
  );

  it('leaves what is not the command line alone (the simulator’s own log)', async () => {
    expect(await wordErrors('src-main/simulator/server.ts', "console.log('Listening.');")).toEqual(
      [],
    );
  });
});

describe('a sentence for the user written into the engine instead of the catalogue', () => {
  const CORE = 'src-main/core/i18n/core-words.ts';

  refusesAndAllows(
    CORE,
    [
      ['a string', "throw new UserFacingError('The disk is full.');"],
      [
        'a template',
        'export const f = (n: string) => new RoundRequestError(`There is no round ${n}.`);',
      ],
      [
        'either side of a choice',
        "export const f = (b: boolean) => new FilmJoinError(b ? 'Too big.' : 'Too small.');",
      ],
    ],
    [
      ['a message id and its values', "throw new UserFacingError({ id: 'core.x', values: {} });"],
      ['an internal error', "throw new Error('no video job 4');"],
    ],
  );

  describe('a sentence worded once and kept inside an error', () => {
    const said = 'declare const said: (id: string, values?: object) => string;';
    refusesAndAllows(
      'src-main/core/jobs/video/round-planning.ts',
      [
        ['said() given to an error', `${said} throw new UserFacingError(said('core.x'));`],
        [
          'said() inside a choice',
          `${said} export const f = (b: boolean) => new IntakeError(b ? said('a') : said('b'));`,
        ],
        ['said() thrown as it is', `${said} throw said('core.x');`],
      ],
      [
        ['said() for a notice', `${said} export const notice = said('core.x');`],
        [
          'said() in a function an error is given',
          `${said} export const e = new UserFacingError({ id: 'core.x', values: { f: () => said('y') } });`,
        ],
      ],
    );
    it('refuses it in the command line too', async () => {
      expect(
        await wordErrors('src-main/cli/remove.ts', `${said} throw new CliError(said('cli.x'));`),
      ).not.toEqual([]);
    });
  });

  it('leaves the simulator, which stands in for the service, alone', async () => {
    expect(
      await wordErrors(
        'src-main/simulator/video-service.ts',
        "throw new UserFacingError('The disk is full.');",
      ),
    ).toEqual([]);
  });
});

describe('sentences written into shared rules, schemas and formats', () => {
  refusesAndAllows(
    'src-shared/domain/budget.ts',
    [
      ['a returned sentence', "export const why = () => 'The cap cannot be negative.';"],
      [
        "a schema's own complaint",
        "import { z } from 'zod'; export const s = z.number().min(0, 'Enter a larger number.');",
      ],
      ['a template', 'export const f = (n: number) => `Remove ${n} references from the round.`;'],
    ],
    [
      ['a message id', "export const why = () => 'settings.problem.capNegative';"],
      ['a program error, for the log', "throw new RangeError('not a month written as YYYY-MM');"],
      ['two words', "export const unit = 'per second';"],
    ],
  );

  it("leaves the service's own wording in src-shared/api alone", async () => {
    expect(
      await wordErrors('src-shared/api/video.ts', "export const m = 'a text item needs its text';"),
    ).toEqual([]);
  });
});
