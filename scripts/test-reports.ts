import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import type { Counts } from './test-stages.ts';

/**
 * What the test runners' JSON reports say: the counts CI reads, and the names of the tests
 * that failed with the first line of why, so the end of a long run names what went wrong
 * even when the log above it is cut.
 */

function readJson(file: string): unknown {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** The first line of a failure message, without the terminal's colour codes, kept short. */
function firstLine(message: string | undefined): string {
  const line = stripVTControlCharacters(message ?? '')
    .split('\n')
    .find((each) => each.trim());
  const trimmed = (line ?? 'no message').trim();
  return trimmed.length > 200 ? `${trimmed.slice(0, 199)}…` : trimmed;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: {
    name: string;
    status?: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

export function vitestCounts(file: string): Counts {
  const report = readJson(file) as VitestReport | undefined;
  if (!report) return { passed: 0, failed: 0, skipped: 0 };
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

/** `file › test: why`, one per failed test, and one per file that failed before any test ran. */
export function vitestFailures(file: string, root: string): string[] {
  const report = readJson(file) as VitestReport | undefined;
  const failures: string[] = [];
  for (const result of report?.testResults ?? []) {
    const where = result.name.startsWith(root) ? result.name.slice(root.length) : result.name;
    const failed = (result.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if (failed.length === 0 && result.status === 'failed') {
      failures.push(`${where}: ${firstLine(result.message)}`);
    }
  }
  return failures;
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    tests: { status: string; results: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PlaywrightSuite[];
}

export function playwrightCounts(file: string): Counts {
  const report = readJson(file) as PlaywrightReport | undefined;
  if (!report) return { passed: 0, failed: 0, skipped: 0 };
  const { expected, unexpected, flaky, skipped } = report.stats;
  return { passed: expected, failed: unexpected + flaky, skipped };
}

/** `file › describe › test: why` for every test whose outcome was not the expected one. */
export function playwrightFailures(file: string): string[] {
  const report = readJson(file) as PlaywrightReport | undefined;
  const failures: string[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results.find((result) => result.error)?.error?.message;
        failures.push(`${[...here, spec.title].join(' › ')}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return failures;
}
