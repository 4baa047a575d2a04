/**
 * Exit codes of every `clearframe` command, documented in `clearframe help` and the README:
 * scripts can tell "some jobs failed" from "you typed it wrong" from "no key".
 */
export const EXIT = {
  /** Everything asked for was done. */
  done: 0,
  /** Some jobs failed or wait for a decision, or an error stopped the command. */
  someFailed: 1,
  /** The command line was wrong. */
  usage: 2,
  /** No API key is set for the service the command needs. */
  noKey: 3,
  /** A budget cap or the balance stopped a paid round. */
  spending: 4,
  /** Ctrl+C or SIGTERM. */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
